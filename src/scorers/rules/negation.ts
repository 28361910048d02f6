/**
 * Whether a negation stands just before a cue (docs/model.md#deciding-the-intent, "Negation"): "not", "never",
 * "don't" and the like at most two words back within the 32 characters before it, never across punctuation. Read
 * backwards from the cue by hand: the expression it replaces ran on a slice cut from the post at every hit of a
 * cue that a negation cancels, twice the time (docs/model.md#performance).
 */
import { isSpace } from './chars'

const WINDOW = 32
const WORDS_BETWEEN = 2

const STEMS = 'do does did is are was were wo ca could would should have has had ai'.split(' ')
/** Every form in lower case: the words, and each stem with n't, n’t and nt. */
const FORMS = [
  ...'not never no nor without hardly barely stopped cannot'.split(' '),
  ...STEMS.flatMap((s) => [`${s}n't`, `${s}n’t`, `${s}nt`]),
]
/** The forms by their last letter, the first thing looked at. */
const BY_LAST = new Map<number, string[]>()
for (const form of FORMS) {
  const last = form.charCodeAt(form.length - 1)
  BY_LAST.set(last, [...(BY_LAST.get(last) ?? []), form])
}

/** `\w`: an ASCII letter or digit, or "_". */
const isWord = (c: number) => (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122) || c === 95
/** A character of a word between the negation and the cue: `[\w’']`. */
const inWord = (c: number) => isWord(c) || c === 39 || c === 0x2019

/** Whether `text` at `at` holds `form` (lower case), its letters in either case. */
function holdsForm(text: string, at: number, form: string): boolean {
  for (let k = 0; k < form.length; k++) {
    const c = text.charCodeAt(at + k)
    const f = form.charCodeAt(k)
    if (c !== f && !(f >= 97 && (c | 0x20) === f)) return false
  }
  return true
}

/** Whether a form ends at `end`, starting at or after `from` where a word starts (no `\w` just before it). */
function formEndsAt(text: string, from: number, end: number): boolean {
  const forms = BY_LAST.get(text.charCodeAt(end - 1) | 0x20)
  if (forms === undefined) return false
  for (const form of forms) {
    const at = end - form.length
    if (at < from || (at > from && isWord(text.charCodeAt(at - 1)))) continue
    if (holdsForm(text, at, form)) return true
  }
  return false
}

/** True when a negation ("not", "never", "don't") sits at most two words before `index`. */
export function isNegated(text: string, index: number): boolean {
  const from = Math.max(0, index - WINDOW)
  let end = index
  for (let words = 0; ; words++) {
    // White space, then a negation or a word of letters, digits and apostrophes only.
    let wordEnd = end
    while (wordEnd > from && isSpace(text.charCodeAt(wordEnd - 1))) wordEnd--
    if (wordEnd === end || wordEnd === from) return false
    if (formEndsAt(text, from, wordEnd)) return true
    if (words === WORDS_BETWEEN) return false
    let start = wordEnd
    while (start > from && inWord(text.charCodeAt(start - 1))) start--
    if (start === wordEnd || start === from || !isSpace(text.charCodeAt(start - 1))) return false
    end = start
  }
}
