/** Finding cues in a text: precompiled regexes, a negation window, whole-word lookups without allocation. */
import type { Cue } from './cue'
import { NEGATION_BEFORE } from './modifiers'

export type CueHit = { what: string; text: string; w: number; index: number }

/** True when a negation ("not", "never", "don't", "no longer") sits at most two words before `index`. */
export function isNegated(text: string, index: number): boolean {
  return NEGATION_BEFORE.test(text.slice(Math.max(0, index - 32), index))
}

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

/** First non-negated occurrence of a cue, or null. The regex is shared, so lastIndex is reset before use. */
export function firstMatch(text: string, c: Cue): RegExpExecArray | null {
  c.re.lastIndex = 0
  for (let m = c.re.exec(text); m !== null; m = c.re.exec(text)) {
    if (!c.neg || (!isNegated(text, matchStart(m)) && !NEGATION_INSIDE.test(m[0]))) return m
  }
  return null
}

/**
 * A long cue list (INDEX_MIN cues or more) is also compiled into one expression, the alternation of all its cues, each
 * in a capturing group. One scan of the union over a post costs about half of one scan per cue (measured on tweets:
 * the 27 complaint cues, 10 µs cue by cue, 5-6 µs as a union), and most posts match no cue of the list at all. Where
 * the union matches, its group says which cue matched first at that position; the cues after it are tried at the same
 * position too, each anchored there (`y` flag), since two cues may start at the same word ("never worked again").
 * Every position where some cue matches is visited in order, so each cue gets its first non-negated match. Shorter
 * lists gain nothing from a union (measured), and emoji in a union slow the whole scan, so they run cue by cue.
 */
const INDEX_MIN = 12
type Index = { groups: number[]; sticky: RegExp[]; union: RegExp }
const indexes = new WeakMap<readonly Cue[], Index>()

function indexOf(cues: readonly Cue[]): Index {
  let ix = indexes.get(cues)
  if (ix) return ix
  const groups: number[] = []
  let group = 1
  for (const c of cues) {
    groups.push(group)
    // The wrapping group, plus the cue's own capturing groups (what an empty match of "cue|" reports).
    group += new RegExp(`${c.re.source}|`).exec('')?.length ?? 1
  }
  ix = {
    groups,
    sticky: cues.map((c) => new RegExp(c.re.source, `${c.re.flags.replace('g', '')}y`)),
    union: new RegExp(cues.map((c) => `(${c.re.source})`).join('|'), 'gi'),
  }
  indexes.set(cues, ix)
  return ix
}

/** Which cue took part in the union match `u`: the first whose group is set. */
function cueOf(ix: Index, u: RegExpExecArray): number {
  let k = 0
  while (k < ix.groups.length - 1 && u[ix.groups[k] as number] === undefined) k++
  return k
}

/** For each cue of the list, its first non-negated match in the text, or null. */
export function firstMatches(text: string, cues: readonly Cue[]): Array<RegExpExecArray | null> {
  if (cues.length < INDEX_MIN) return cues.map((c) => firstMatch(text, c))
  const ix = indexOf(cues)
  const out: Array<RegExpExecArray | null> = new Array(cues.length).fill(null)
  ix.union.lastIndex = 0
  for (let u = ix.union.exec(text); u !== null; u = ix.union.exec(text)) {
    const at = u.index
    for (let k = cueOf(ix, u); k < cues.length; k++) {
      if (out[k] !== null) continue
      const c = cues[k] as Cue
      const re = ix.sticky[k] as RegExp
      re.lastIndex = at
      const m = re.exec(text)
      if (m === null) continue
      if (!c.neg || (!isNegated(text, matchStart(m)) && !NEGATION_INSIDE.test(m[0]))) out[k] = m
    }
    ix.union.lastIndex = at + 1
  }
  return out
}

/** Every cue of a list that occurs in the text, each with the phrase it matched, in the order of the list. */
export function findCues(text: string, cues: readonly Cue[]): CueHit[] {
  const hits: CueHit[] = []
  const found = firstMatches(text, cues)
  for (let j = 0; j < cues.length; j++) {
    const m = found[j]
    const c = cues[j] as Cue
    if (m) hits.push({ what: c.what, text: m[0], w: c.w, index: m.index })
  }
  return hits
}

export function firstOf(text: string, re: RegExp): string | null {
  re.lastIndex = 0
  const m = re.exec(text)
  return m ? m[0] : null
}

export const sum = (hits: readonly CueHit[]) => hits.reduce((s, h) => s + h.w, 0)

/** a-z or 0-9; NaN (outside the string) is not. */
const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57)

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
