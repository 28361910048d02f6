import type { Delivery } from '../../storage/repos/webhook-deliveries'
import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import type { Needs } from '../needs'
import { EMAIL_MAX_LEADS } from './email-message'
import { signalBody, TEST_EVENT, testBody, type Verdicts, windowBody } from './payload'
import type { Lead } from './links'
import { linksOf } from './send'

// What an attempt (deliver.ts) sends when its delivery stored no body: a test, a signal or a window, made for the
// destination as it is now.
type BodyDeps = Needs<'config', 'teams' | 'signals' | 'destinationWindows' | 'signalFeedback' | 'people'>

/**
 * A signal's body, or a window's built from the signals in it (built at each attempt, as the signals are now); null
 * when nothing is left to tell (every lead judged not relevant), undefined when the signal is gone.
 */
export async function bodyOf(deps: BodyDeps, endpoint: EndpointRow, d: Delivery, now: Date) {
  const team = await deps.repos.teams.byId(endpoint.teamId)
  if (!team) return undefined
  const links = linksOf(deps.config, endpoint)
  if (d.event === TEST_EVENT) return testBody(endpoint, team, new Date(d.createdAt), links)
  if (d.signalId) {
    const signal = await deps.repos.signals.byId(endpoint.teamId, d.signalId)
    if (!signal) return undefined
    // A message read by people tells what is still to be looked at: a lead the team judged not relevant before its
    // message went (a retry after 👎) is not sent, as a digest leaves it out (docs/webhooks.md#a-digest).
    if (signal.dismissed && endpoint.kind !== 'webhook') return null
    const [named] = await withPersonNames(deps, endpoint, [signal])
    return signalBody(endpoint, team, named ?? signal, now, links, await verdictsOf(deps, endpoint, [signal.id]))
  }
  if (d.windowFrom === null || d.windowTo === null) return undefined
  const w = await deps.repos.destinationWindows.leadsIn(endpoint, d.windowFrom, d.windowTo, EMAIL_MAX_LEADS)
  if (w.total === 0) return null
  const verdicts = await verdictsOf(
    deps,
    endpoint,
    w.leads.map((l) => l.id),
  )
  return windowBody(
    endpoint,
    team,
    {
      ...w,
      leads: await withPersonNames(deps, endpoint, w.leads),
      from: new Date(d.windowFrom),
      to: new Date(d.windowTo),
    },
    now,
    links,
    verdicts,
  )
}

/** The team's verdicts on these signals, for a `webhook` body (the others show none: docs/webhooks.md#the-body). */
async function verdictsOf(deps: BodyDeps, endpoint: EndpointRow, ids: string[]): Promise<Verdicts> {
  if (endpoint.kind !== 'webhook') return new Map()
  return deps.repos.signalFeedback.verdictsOn(endpoint.teamId, ids)
}

/**
 * Each lead with the name its person is shown by in the console, for the messages people read: `person per_…` told a
 * reader nothing (docs/destinations.md#bodies). A `webhook` body keeps `personId` alone, as the API shows a signal.
 */
async function withPersonNames<L extends Lead>(deps: BodyDeps, endpoint: EndpointRow, leads: L[]): Promise<L[]> {
  if (endpoint.kind === 'webhook') return leads
  const ids = [...new Set(leads.flatMap((l) => (l.personId ? [l.personId] : [])))]
  const names = await deps.repos.people.namesOf(endpoint.teamId, ids)
  return leads.map((l) => ({ ...l, personName: (l.personId && names.get(l.personId)) ?? null }))
}
