/**
 * Words that every match of another language's cue (lang-cues.ts) holds, so that a post holding none of them is not
 * scanned for the cue (docs/model.md#performance). Those cues are case-insensitive Unicode expressions that start
 * with a look-behind: each was scanned over the whole post, nine scans that took 12.5 of the 28 µs of reading a
 * 200-character post in another language.
 *
 * Each alternative of a cue gives its longest literal word outside any group; a match holds the word of its
 * alternative, its letters in either case. The post in lower case holds it in lower case, except where the post holds
 * "ſ", which matches "s" under Unicode case folding and stays itself in lower case: such a post is always scanned. A
 * test checks this on every character the words are written with.
 */
import { getOrAdd } from '../../lib/get-or-add'
import type { Cue } from './cue'
import { closing, splitTop } from './regex-source'

/** Characters that end a literal word in an expression's source. */
const SPECIAL = '\\()[].*+?{}|^$'
/** Quantifiers that may leave out what they follow. */
const OPTIONAL = '?*{'

/**
 * The longest literal word every match of the alternative holds, outside any group or class, or '' when it holds none:
 * "mano" for "a\\s+mano", which a post holds more rarely than its first word.
 */
function longestWord(alt: string): string {
  let best = ''
  for (let i = 0; i < alt.length; ) {
    const ch = alt.charAt(i)
    let end = i + 1
    // An escape, and what it may run on with ("\\u00e9", "\\p{L}", "\\k<name>"): never read as a literal word.
    if (ch === '\\') while (end < alt.length && (end === i + 1 || /[\w{}<>]/.test(alt.charAt(end)))) end++
    else if (ch === '(' || ch === '[') end = closing(alt, i) + 1
    else if (ch === '{') end = alt.indexOf('}', i) + 1
    else if (!SPECIAL.includes(ch)) {
      while (end < alt.length && !SPECIAL.includes(alt.charAt(end))) end++
      // A quantifier may leave out the character before it, or repeat it: the word ends before it.
      const next = alt.charAt(end)
      const word = next !== '' && (OPTIONAL.includes(next) || next === '+') ? alt.slice(i, end - 1) : alt.slice(i, end)
      if (word.length > best.length) best = word
    }
    if (end <= i) return ''
    i = end
  }
  return best.toLowerCase()
}

/** Adds to `out`, for each alternative of `source`, a word all its matches hold; false where one holds none. */
function wordsOf(source: string, out: string[]): boolean {
  for (const alt of splitTop(source)) {
    // The whole expression: a look-behind, the alternatives as one group, a look-ahead.
    const group = /^\(\?<!\[[^\]]*\]\)\(\?:/.exec(alt)
    if (group) {
      const end = closing(alt, group[0].length - 3)
      if (end < 0 || !wordsOf(alt.slice(group[0].length, end), out)) return false
      continue
    }
    const word = longestWord(alt)
    if (word === '') return false
    out.push(word)
  }
  return true
}

/** For each alternative of the cue, a lower-case word all its matches hold; null when one holds none (always scanned). */
export function foreignWords(c: Cue): string[] | null {
  const out: string[] = []
  return wordsOf(c.re.source, out) ? out : null
}

const words = new WeakMap<Cue, string[] | null>()

/**
 * Whether the post (`lower`: in lower case) may hold a match of the cue. `longS`: whether it holds "ſ", asked once for
 * all the cues of a post.
 */
export function mayMatch(lower: string, c: Cue, longS = lower.includes('ſ')): boolean {
  const held = getOrAdd(words, c, () => foreignWords(c))
  if (held === null || longS) return true
  for (const w of held) if (lower.includes(w)) return true
  return false
}
