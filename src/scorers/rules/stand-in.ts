/**
 * What a team without ICP profiles is judged against for word sense (docs/model.md#word-sense): a profile made of
 * what the caller sells (`context`) and the keyword it tracks. Without it, a team that sells "a CRM for small
 * agencies" would see a sourdough question or a traffic complaint judged as if it were about its market. The stand-in
 * serves word sense only: it is never a competitor list and never answered as the team's `icpMatch`.
 */
import type { IcpProfile, ScoreInput } from '../types'

/** The name of the profile made of the context and keyword. */
export const STAND_IN = 'what the caller sells'
const standIns = new Map<string, IcpProfile[]>()
const made = new WeakSet<IcpProfile>()

/** Whether a profile is the stand-in made here (a team's own profile of the same name is not). */
export const isStandIn = (p: IcpProfile | undefined): boolean => p !== undefined && made.has(p)

/** The profiles word sense is judged against: the team's own, else one made of what the caller sells and tracks. */
export function senseProfiles(input: ScoreInput): readonly IcpProfile[] {
  if (input.icps.length > 0) return input.icps
  const description = `${input.context ?? ''} ${input.keyword ?? ''}`.trim()
  if (!description) return input.icps
  let kept = standIns.get(description)
  if (!kept) {
    // Callers' contexts are free text: the bound keeps a long-running server's memory flat.
    if (standIns.size >= 1000) standIns.clear()
    const profile = { name: STAND_IN, description }
    made.add(profile)
    kept = [profile]
    standIns.set(description, kept)
  }
  return kept
}
