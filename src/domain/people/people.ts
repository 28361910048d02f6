import { AppError, fieldError } from '../../errors'
import type { PeopleFilter, PersonRow } from '../../storage/repos/people'
import type { Needs } from '../needs'
import { echoed } from '../../lib/text'

type PeopleDeps = Needs<'clock', 'people'>

/** docs/people.md#heat: hot at 70 and over, warm from 40, cold below. */
const bandOf = (heat: number): 'hot' | 'warm' | 'cold' => (heat >= 70 ? 'hot' : heat >= 40 ? 'warm' : 'cold')

// A person page shows their posts, not every one of a very busy author's (the export has them all).
const POSTS_SHOWN = 200

type PeopleListQuery = Omit<PeopleFilter, 'withMuted' | 'everyAccount'> & {
  limit: number
  offset: number
  include?: 'muted'
}

const identityOf = (p: PersonRow) => ({ id: p.id, platform: p.platform, author: p.author, profileUrl: p.profileUrl })

/** A person as the API shows it (wire/people.ts Person), with the identities linked to it. */
export const personView = (p: PersonRow, linked: PersonRow[]) => ({
  ...identityOf(p),
  identities: linked.map(identityOf),
  signals: p.signals,
  bestScore: p.bestScore,
  bestIntent: p.bestIntent,
  icpMatched: p.icpMatched,
  firstSeen: p.firstSeen,
  lastSeen: p.lastSeen,
  heat: p.heat,
  band: bandOf(p.heat),
  muted: p.muted,
})

/** docs/people.md: the team's people with a signal that passes the filters, the hottest first. Not counted. */
export async function listPeople(deps: PeopleDeps, teamId: string, q: PeopleListQuery) {
  const { limit, offset, include, ...filter } = q
  return pageOf(deps, teamId, { ...filter, withMuted: include === 'muted' }, limit, offset)
}

// A person page's choices of accounts to link, as many as the People list's longest page.
const ACCOUNTS_OFFERED = 100

/**
 * docs/console.md#people: the accounts a person's page offers to link, the hottest first: every person of their own of
 * the team whose name (or that of an account linked to them) holds `author`, muted or not, whatever their signals.
 */
export function findAccounts(deps: PeopleDeps, teamId: string, author: string | undefined) {
  return pageOf(deps, teamId, { author, everyAccount: true }, ACCOUNTS_OFFERED, 0)
}

async function pageOf(deps: PeopleDeps, teamId: string, filter: PeopleFilter, limit: number, offset: number) {
  const now = deps.clock.now().toISOString()
  const page = await deps.repos.people.list(teamId, filter, { limit, offset, now })
  const linked = await deps.repos.people.linkedOf(
    teamId,
    page.people.map((p) => p.id),
  )
  const people = page.people.map((p) => personView(p, linked.get(p.id) ?? []))
  return { people, total: page.total, limit, offset }
}

/**
 * One person of the team, or 404: an unknown id and another team's read the same, in the words of the team's other
 * things that are not there ("the team has no ICP profile named …"); it read "no person per_…".
 */
export async function found(deps: PeopleDeps, teamId: string, id: string, bodyField?: string) {
  const p = await deps.repos.people.byId(teamId, id, deps.clock.now().toISOString())
  const said = `the team has no person ${echoed(id)}`
  // An id the body names is that field's fault, not a path that is not there: 400 naming it (docs/people.md#links).
  if (!p && bodyField) throw fieldError(bodyField, 'names no person of the team', said)
  if (!p) throw new AppError('not_found', said)
  return p
}

/** A person and their posts in time order; a linked identity's id leads to the person it is linked to. */
export async function getPerson(deps: PeopleDeps, teamId: string, id: string) {
  const asked = await found(deps, teamId, id)
  const p = asked.linkedTo ? await found(deps, teamId, asked.linkedTo) : asked
  const [linked, posts] = await Promise.all([
    deps.repos.people.linked(teamId, p.id),
    deps.repos.people.posts(teamId, p.id, POSTS_SHOWN),
  ])
  return { person: personView(p, linked), posts }
}

/**
 * docs/people.md#links: `otherId` (with whatever was linked to it) becomes one more identity of `id`. Both must be
 * the team's, `id` a person of its own (not linked to another), and not the same person.
 */
export async function linkPerson(deps: PeopleDeps, teamId: string, id: string, otherId: string) {
  const into = await found(deps, teamId, id)
  const other = await found(deps, teamId, otherId, 'personId')
  // A refusal about the person the body names says so in details (personId, docs/api.md#error-shape); the path's
  // person linked to another is no field of the body, and is said in the message alone.
  if (into.id === other.id)
    throw fieldError('personId', 'must name another person than the path', 'a person cannot be linked to itself')
  if (into.linkedTo)
    throw new AppError('invalid_request', `${into.id} is linked to ${into.linkedTo}: link to that person`)
  if (other.linkedTo === into.id)
    throw fieldError('personId', `is already linked to ${into.id}`, `${other.id} is already linked to ${into.id}`)
  // An identity of another person stays theirs: linking it here would move that person and all their identities.
  if (other.linkedTo) {
    const why = `is linked to ${other.linkedTo}: link that person instead`
    throw fieldError('personId', why, `${other.id} ${why}`)
  }
  if (!(await deps.repos.people.link(teamId, into.id, other.id)))
    throw new AppError(
      'invalid_request',
      `${into.id} or ${other.id} was linked to someone else meanwhile: open the person page again and link from there`,
    )
  return getPerson(deps, teamId, into.id)
}

/** The link undone: `otherId` is a person of its own again, with its own signals. */
export async function unlinkPerson(deps: PeopleDeps, teamId: string, id: string, otherId: string) {
  const from = await found(deps, teamId, id)
  // The path has two ids: the second's 404 says it is the one to unlink (docs/api.md#error-codes), where "the team
  // has no person per_…" alone left a program to compare the id with both.
  const other = await deps.repos.people.byId(teamId, otherId, deps.clock.now().toISOString())
  if (!other) throw new AppError('not_found', `the team has no person ${echoed(otherId)} to unlink from ${from.id}`)
  if (other.linkedTo !== from.id) throw new AppError('not_found', `${other.id} is not linked to ${from.id}`)
  if (!(await deps.repos.people.unlink(teamId, from.id, other)))
    throw new AppError('not_found', `${other.id} is no longer linked to ${from.id}: open the person page again`)
  return getPerson(deps, teamId, from.id)
}

/** docs/people.md#mute: a muted person's later signals are stored dismissed: out of the lists and of every alert. */
export async function mutePerson(deps: PeopleDeps, teamId: string, id: string, muted: boolean) {
  const p = await found(deps, teamId, id)
  // The repo mutes the person `p` belongs to when it writes, and getPerson shows that one: `p` linked meanwhile.
  await deps.repos.people.setMuted(teamId, p.id, muted)
  return getPerson(deps, teamId, p.id)
}

/** docs/people.md#the-threshold: the heat at which a person turns hot for the team. */
export async function heatThreshold(deps: PeopleDeps, teamId: string) {
  return { heatThreshold: await deps.repos.people.heatThreshold(teamId) }
}

/** A new threshold applies from the next signal stored: the people marked hot stay so until then. */
export async function setHeatThreshold(deps: PeopleDeps, teamId: string, threshold: number) {
  await deps.repos.people.setHeatThreshold(teamId, threshold)
  return { heatThreshold: threshold }
}
