import type { Cue } from '../../src/scorers/rules/cue'
import { type CueHit, hitsOf } from '../../src/scorers/rules/hits'
import { firstMatchGroups } from '../../src/scorers/rules/match-groups'

/** Every cue of several lists found in one scan of the text, the hits of each list apart (firstMatchGroups). */
export function findCueGroups(text: string, groups: readonly (readonly Cue[])[]): Array<readonly CueHit[]> {
  return firstMatchGroups(text, groups).map((found, g) => hitsOf(groups[g] as readonly Cue[], found))
}
