/** A cue's hit in a post, and lists of them (match.ts finds them): made without allocating where nothing is found. */
import type { Cue } from './cue'

export type CueHit = { what: string; text: string; w: number; index: number }

/** The hits of a list with none, shared: most lists of most posts have none. */
export const NO_HITS: readonly CueHit[] = Object.freeze([])

/** The hits of a list's matches (firstMatches), in the order of its cues. */
export function hitsOf(cues: readonly Cue[], found: ReadonlyArray<RegExpExecArray | null>): readonly CueHit[] {
  // Nothing found (match-groups.ts NONE_FOUND): no list to walk.
  if (found.length === 0) return NO_HITS
  let hits: CueHit[] | undefined
  for (let j = 0; j < cues.length; j++) {
    const m = found[j]
    const c = cues[j] as Cue
    if (!m) continue
    hits ??= []
    hits.push({ what: c.what, text: m[0], w: c.w, index: m.index })
  }
  return hits ?? NO_HITS
}

/** The hits' weights added up, in their order. */
export function sum(hits: readonly CueHit[]): number {
  let total = 0
  for (const h of hits) total += h.w
  return total
}

/** The hits of up to three lists, in their order: one of them itself when the others have none, made only when needed. */
export function joined(a: readonly CueHit[], b: readonly CueHit[], c: readonly CueHit[] = NO_HITS): readonly CueHit[] {
  if (b.length === 0 && c.length === 0) return a
  if (a.length === 0 && c.length === 0) return b
  if (a.length === 0 && b.length === 0) return c
  return a.concat(b, c)
}
