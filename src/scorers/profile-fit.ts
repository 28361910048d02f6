import { truncate } from '../lib/text'
import type { IcpProfile } from './types'

// Ends a profile's description or competitor list the prompt cut: the model is told that there is more.
const SHORTENED = '[... shortened to fit]'

/**
 * The team's profiles cut, evenly, so that `listed` (their length as the prompt lists them) is at most `room`
 * characters (docs/scoring.md#profiles-longer-than-the-context). Each keeps its name whole (the model answers one back
 * exactly) and the start of its description and competitors: every description and every competitor list is held to one
 * length, the largest that fits, so a long profile gives up the most and a short one nothing. Profiles that fit are
 * returned as they are; names alone that do not fit are sent so, the least a profile can be.
 */
export function fitProfiles(
  icps: readonly IcpProfile[],
  room: number,
  listed: (icps: readonly IcpProfile[]) => number,
): readonly IcpProfile[] {
  if (listed(icps) <= room) return icps
  const longest = Math.max(...icps.map((p) => Math.max(p.description.length, listLength(p.competitors ?? []))))
  // The largest length held to that fits: the listing grows with it, so it is found by halving.
  let low = 0
  let high = longest
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (listed(heldTo(icps, mid)) <= room) low = mid
    else high = mid - 1
  }
  return heldTo(icps, low)
}

function heldTo(icps: readonly IcpProfile[], max: number): IcpProfile[] {
  return icps.map((p) => ({
    name: p.name,
    description: p.description.length <= max ? p.description : `${truncate(p.description, max)} ${SHORTENED}`,
    competitors: firstCompetitors(p.competitors ?? [], max),
  }))
}

// Whole names only (half of one names no product), as many as fit `max` characters listed; the cut is said last.
function firstCompetitors(names: readonly string[], max: number): readonly string[] {
  if (listLength(names) <= max) return names
  const kept: string[] = []
  for (const name of names) {
    if (listLength([...kept, name]) > max) break
    kept.push(name)
  }
  return [...kept, `${names.length - kept.length} more ${SHORTENED}`]
}

const listLength = (names: readonly string[]) => names.join(', ').length
