/** Finding cues in a text: precompiled regexes, a negation window, whole-word lookups without allocation. */
import { getOrAdd } from '../../lib/get-or-add'
import { type CueHit, hitsOf } from './hits'
import type { Cue } from './cue'
import { isAccentedLetter, isSpace } from './chars'
import { leadStrings, mustHold, sentenceEnds } from './lead-chars'
import { isNegated } from './negation'
import { buildIndex, eachCandidate, type WordIndex } from './word-index'

/** A negation inside the matched phrase itself: "I don't want to buy", "we really do not need a". */
const NEGATION_INSIDE = /\b(?:not|never|no|(?:do|does|did|wo|ca)n['’]?t|cannot)\b/i

/**
 * Where a match starts: its index, or where group 1 starts when that lies before it (a name in a look-behind,
 * "Foo alternative", compiled with the `d` flag).
 */
export function matchStart(m: RegExpExecArray): number {
  const g = m.indices?.[1]
  return g && g[0] < m.index ? g[0] : m.index
}

/** An ASCII letter or digit: what `\b` sees as a word's edge. */
const isAsciiWord = (c: number) => (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122)

/**
 * Whether a match starts or ends inside a word whose other letters are accented: `\b` took the accent for the word's
 * edge ("bug" in "bugün", "not" in "notícia", a name "nstigere" in "günstigere Alternative").
 */
function cutsWord(text: string, m: RegExpExecArray): boolean {
  const start = matchStart(m)
  const end = m.index + m[0].length
  return (
    (isAsciiWord(text.charCodeAt(start)) && isAccentedLetter(text.charCodeAt(start - 1))) ||
    (isAsciiWord(text.charCodeAt(end - 1)) && isAccentedLetter(text.charCodeAt(end)))
  )
}

/** Whether a match does not count: cut from a word, or negated, before it or inside it, when a negation cancels it. */
export const isCancelled = (text: string, c: Cue, m: RegExpExecArray) =>
  cutsWord(text, m) || (c.neg && (isNegated(text, matchStart(m)) || NEGATION_INSIDE.test(m[0])))

/** First non-negated occurrence of a cue, or null. The regex is shared, so lastIndex is reset before use. */
export function firstMatch(text: string, c: Cue): RegExpExecArray | null {
  c.re.lastIndex = 0
  for (let m = c.re.exec(text); m !== null; m = c.re.exec(text)) if (!isCancelled(text, c, m)) return m
  return null
}

/**
 * A list's word index (word-index.ts), each cue's expression anchored (`y` flag), for the cues scanned on their own
 * the strings a match can start with, and the sign every match of a cue holds, if any (lead-chars.ts), built on first
 * use.
 */
type Compiled = {
  index: WordIndex
  sticky: RegExp[]
  /** Any of the strings a match of the cue can start with, as one expression (null: unknown, always scanned). */
  leads: Array<RegExp | null>
  /** Their first characters when there are at most FEW_FIRSTS of them, each looked for before the expression. */
  firsts: Array<string[] | null>
  needs: Array<string | null>
  /** For a cue that starts a sentence, the characters that end one (lead-chars.ts sentenceEnds). */
  sentence: Array<string | null>
}
const compiled = new WeakMap<readonly Cue[], Compiled>()

// Looking for one character is a fast search of the text, and an expression of a few emoji (surrogate pairs) a slow
// one: on 1,200-character posts, the emoji cue's expression took 5% of the scorer's time (docs/model.md#performance).
const FEW_FIRSTS = 2
const holdsAny = (text: string, chars: string[]) => {
  for (const c of chars) if (text.includes(c)) return true
  return false
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * The strings of `leads` that hold none of the others: a text holds one of them exactly when it holds one of all.
 * The frustration cue's ">:", "d:" and "D:" hold its ":", and the expression of all of them took three times as long
 * to scan a post as the one without them (docs/model.md#performance).
 */
const shortest = (leads: string[]) => leads.filter((l) => !leads.some((o) => o !== l && l.includes(o)))

const compile = (cues: readonly Cue[]): Compiled =>
  getOrAdd(compiled, cues, () => {
    const index = buildIndex(cues.map((q) => q.re.source))
    const starts = cues.map((q, k) => {
      const leads = index.unkeyed.includes(k) ? leadStrings(q.re) : null
      return leads && shortest(leads)
    })
    return {
      index,
      sticky: cues.map((q) => new RegExp(q.re.source, `${q.re.flags.replace('g', '')}y`)),
      // One scan of the post for all of a cue's starts: a dozen `includes` in turn scanned it a dozen times.
      leads: starts.map((s) => s && new RegExp(s.map(escapeRegExp).join('|'))),
      firsts: starts.map((s) => {
        const chars = s && [...new Set(s.map((lead) => lead.charAt(0)))]
        return chars && chars.length <= FEW_FIRSTS ? chars : null
      }),
      needs: cues.map((q) => mustHold(q.re)),
      sentence: cues.map((q) => sentenceEnds(q.re)),
    }
  })

/**
 * Whether `at` starts a sentence as `(?<=(?:^|[ends])\s*)` reads it: only white space back to the text's start or to
 * one of `ends`, or a line break (white space itself) among it when `ends` holds one.
 */
export function startsSentence(text: string, at: number, ends: string): boolean {
  let i = at - 1
  for (; i >= 0; i--) {
    const c = text.charCodeAt(i)
    if (!isSpace(c)) break
    if (ends.includes(text.charAt(i))) return true
  }
  return i < 0 || ends.includes(text.charAt(i))
}

/**
 * Calls `found(k, m)` with the first non-negated match of each cue of the list that has one. Cues with known first
 * words are tried only where such a word starts (word-index.ts), in text order; the others are scanned on their own,
 * when the text holds a string their match can start with.
 */
export function eachFirstMatch(
  text: string,
  cues: readonly Cue[],
  found: (k: number, m: RegExpExecArray) => void,
): void {
  const { index, sticky, leads, firsts, needs, sentence } = compile(cues)
  for (const k of index.unkeyed) {
    // Not scanned in a post holding none of the strings its match can start with (nor their first characters).
    const few = firsts[k]
    if (few && !holdsAny(text, few)) continue
    const m = leads[k]?.test(text) === false ? null : firstMatch(text, cues[k] as Cue)
    if (m) found(k, m)
  }
  // A list whose every cue is scanned on its own (the other languages' lists) has no word start to visit: walking the
  // text for none cost a foreign post four walks (docs/model.md#performance).
  if (index.unkeyed.length === cues.length) return
  // Whether the text holds the sign last asked about: the cues that need one nearly all need "?".
  let asked = ''
  let held = false
  eachCandidate(text, index, (k, at) => {
    const need = needs[k]
    if (need) {
      if (need !== asked) {
        asked = need
        held = text.includes(need)
      }
      // No try can match: the cue needs no more.
      if (!held) return true
    }
    const ends = sentence[k]
    if (ends && !startsSentence(text, at, ends)) return false
    const re = sticky[k] as RegExp
    re.lastIndex = at
    const m = re.exec(text)
    if (m === null) return false
    if (isCancelled(text, cues[k] as Cue, m)) return false
    found(k, m)
    return true
  })
}

/** For each cue of the list, its first non-negated match in the text, or null. */
export function firstMatches(text: string, cues: readonly Cue[]): Array<RegExpExecArray | null> {
  const out: Array<RegExpExecArray | null> = new Array(cues.length).fill(null)
  eachFirstMatch(text, cues, (k, m) => {
    out[k] = m
  })
  return out
}

/** Every cue of a list that occurs in the text, each with the phrase it matched, in the order of the list. */
export const findCues = (text: string, cues: readonly Cue[]): readonly CueHit[] =>
  hitsOf(cues, firstMatches(text, cues))

export function firstOf(text: string, re: RegExp): string | null {
  re.lastIndex = 0
  const m = re.exec(text)
  return m ? m[0] : null
}

/** a-z, 0-9 or an accented letter; NaN (outside the string) is not. */
const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || isAccentedLetter(c)

/** Whether `hay` holds a whole word of `length` characters at `i`: no word character just before or after it. */
export const wordAt = (hay: string, i: number, length: number) =>
  !isWordChar(hay.charCodeAt(i - 1)) && !isWordChar(hay.charCodeAt(i + length))

/** Whole-word, case-insensitive occurrence of `needle` (already lower case) in `hay` (already lower case). */
export function containsWord(hay: string, needle: string): boolean {
  if (!needle) return false
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1))
    if (wordAt(hay, i, needle.length)) return true
  return false
}
