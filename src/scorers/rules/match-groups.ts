/**
 * Several cue lists read in one scan of a post (docs/model.md#performance): their cues are tried as one list
 * (match.ts eachFirstMatch), and each match goes to its own list's answer.
 */
import { getOrAdd } from '../../lib/get-or-add'
import type { Cue } from './cue'
import { eachFirstMatch } from './match'

// Groups of lists read in one scan: their cues flattened, and for each, its group and its place there; made once.
type Flattened = { all: readonly Cue[]; group: Int32Array; place: Int32Array }
const flattened = new WeakMap<readonly (readonly Cue[])[], Flattened>()
const flatten = (groups: readonly (readonly Cue[])[]): Flattened => {
  const all = groups.flat()
  const group = new Int32Array(all.length)
  const place = new Int32Array(all.length)
  let k = 0
  groups.forEach((cues, g) => {
    for (let j = 0; j < cues.length; j++, k++) {
      group[k] = g
      place[k] = j
    }
  })
  return { all, group, place }
}

/**
 * A group's answer when none of its cues is found (most groups of most posts): one shared empty list, so that
 * nothing is made for them and their readers (hitsOf, findSwitch) stop at once. Frozen lists of nulls were the
 * answer before: reading or copying a frozen array takes the engine's slow path (docs/model.md#performance).
 */
export const NONE_FOUND: ReadonlyArray<RegExpExecArray | null> = Object.freeze([])

/**
 * The first non-negated match of every cue of several lists, found in one scan of the text (the word starts are
 * visited once for all of them), each list's apart in the order of its cues; NONE_FOUND for a list without any.
 * `groups` should be a constant: its flattening is kept.
 */
export function firstMatchGroups(
  text: string,
  groups: readonly (readonly Cue[])[],
): Array<ReadonlyArray<RegExpExecArray | null>> {
  const { all, group, place } = getOrAdd(flattened, groups, () => flatten(groups))
  const out = new Array<ReadonlyArray<RegExpExecArray | null>>(groups.length).fill(NONE_FOUND)
  eachFirstMatch(text, all, (k, m) => {
    const g = group[k] as number
    let list = out[g] as Array<RegExpExecArray | null>
    if (list === NONE_FOUND) out[g] = list = new Array<RegExpExecArray | null>(groups[g]?.length ?? 0).fill(null)
    list[place[k] as number] = m
  })
  return out
}
