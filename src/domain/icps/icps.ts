import type { Needs } from '../needs'
import { newId } from '../../lib/ids'
import { AppError, fieldError, refuseHiding } from '../../errors'
import { echoed, hidingIssue, nameKey } from '../../lib/text'

export const MAX_NAME = 100
export const MAX_DESCRIPTION = 2000
/**
 * The most profiles a team has. A model scorer is sent every profile's name whole, however short its context, and
 * 20 names with what little of each profile fits take about a third of Ollama's default 4,096 tokens: past that a
 * team's names alone would leave a post no room (docs/scoring.md#profiles-longer-than-the-context).
 */
export const MAX_PROFILES = 20

export function checkLength(what: string, value: string, max: number): string {
  const text = value.trim()
  if (text === '' || text.length > max) throw new AppError('invalid_request', `${what} must be 1 to ${max} characters`)
  return text
}

/**
 * A name kept composed: a model answers é as one character (docs/scoring.md#reading-the-reply). A few characters
 * are two once composed (U+0958 is U+0915 U+093C), so a name the body's check took may be too long now: refused as
 * about `name`, in words of no one interface (the console's form marks the field; the CLI prints the sentence).
 */
function composedName(written: string): string {
  const name = written.normalize('NFC').trim()
  if (name === '') throw fieldError('name', 'must not be empty')
  if (name.length <= MAX_NAME) return name
  const issue = `must be at most ${MAX_NAME} characters once composed (Unicode NFC); this one is ${name.length}`
  throw fieldError('name', issue, `name ${issue}`)
}

/** Each competitor refused as the place it holds in the list (`competitors.1`), which the console's form marks. */
function checkCompetitors(competitors: string[]) {
  for (const [i, competitor] of competitors.entries())
    refuseHiding(`competitors.${i}`, 'a competitor', hidingIssue(competitor))
}

/** Profile names are unique per team regardless of case: the scorer reports a match by name. */
/** A comma-separated list of rival product names: trimmed, 1 to 100 characters each, at most 50, no repeats. */
export function cleanCompetitors(list: string | undefined): string[] {
  if (list === undefined) return []
  const names: string[] = []
  for (const name of list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)) {
    if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name)
  }
  if (names.some((n) => n.length > 100) || names.length > 50) {
    throw new AppError(
      'invalid_request',
      '--competitors takes at most 50 names of 1 to 100 characters, separated by commas',
    )
  }
  return names
}

const tooMany = (count: number) =>
  new AppError(
    'invalid_request',
    `the team has ${count} ICP profiles and a team may have at most ${MAX_PROFILES}: remove one (or widen one to cover more buyers) to add another`,
  )

export async function addIcp(
  deps: Needs<'clock', 'icpProfiles'>,
  a: { teamId: string; name: string; description: string; competitors?: string[] },
) {
  const name = composedName(a.name)
  // A name holds no control or direction character: it is printed in lists, e-mails and the console, and a model
  // answers the profile's name back exactly (docs/operations.md#teams-keys-keywords-and-profiles).
  refuseHiding('name', 'an ICP profile name', hidingIssue(name))
  const description = checkLength('--description', a.description, MAX_DESCRIPTION)
  const competitors = a.competitors ?? []
  checkCompetitors(competitors)
  const profiles = await deps.repos.icpProfiles.list(a.teamId)
  const clash = profiles.find((p) => nameKey(p.name) === nameKey(name))
  if (!clash && profiles.length >= MAX_PROFILES) throw tooMany(profiles.length)
  // Counted again by the insert itself: adds sent at once all read the same count above.
  const outcome = clash
    ? 'taken'
    : await deps.repos.icpProfiles.addWithin(
        {
          id: newId('icp'),
          teamId: a.teamId,
          name,
          description,
          competitors,
          createdAt: deps.clock.now().toISOString(),
        },
        MAX_PROFILES,
      )
  if (outcome === 'full') throw tooMany(MAX_PROFILES)
  // About the name (docs/api.md#error-shape): the console's form marks that field (docs/console.md#errors).
  if (outcome === 'taken')
    throw fieldError(
      'name',
      'is the name of another profile of the team',
      `the team already has an ICP profile named "${clash?.name ?? name}"`,
    )
  return { name, description, competitors }
}

/**
 * The stored name of the team's profile that `written` names: names are unique ignoring case and Unicode form
 * (addIcp), so they are found so, as keywords are. Undefined when there is none.
 */
async function storedName(deps: Needs<never, 'icpProfiles'>, teamId: string, written: string) {
  const key = nameKey(written)
  return (await deps.repos.icpProfiles.list(teamId)).find((p) => nameKey(p.name) === key)?.name
}

/** New description and competitors for a profile, found by its name (the name stays: signals cite it). */
export async function editIcp(
  deps: Needs<never, 'icpProfiles'>,
  a: { teamId: string; name: string; description: string; competitors?: string[] },
) {
  const written = a.name.trim()
  const description = checkLength('--description', a.description, MAX_DESCRIPTION)
  const competitors = a.competitors ?? []
  checkCompetitors(competitors)
  const name = await storedName(deps, a.teamId, written)
  if (!name || !(await deps.repos.icpProfiles.update(a.teamId, name, { description, competitors })))
    throw new AppError('not_found', `the team has no ICP profile named "${echoed(written)}"`)
  return { name, description, competitors }
}

/** Removes the profile `name` names (ignoring case); answers its stored name. */
export async function removeIcp(deps: Needs<never, 'icpProfiles'>, a: { teamId: string; name: string }) {
  const written = a.name.trim()
  const name = await storedName(deps, a.teamId, written)
  if (!name || !(await deps.repos.icpProfiles.remove(a.teamId, name)))
    throw new AppError('not_found', `the team has no ICP profile named "${echoed(written)}"`)
  return { removed: name }
}

/** The team's profiles, oldest first. */
export async function listIcps(deps: Needs<never, 'icpProfiles'>, a: { teamId: string }) {
  return deps.repos.icpProfiles.list(a.teamId)
}
