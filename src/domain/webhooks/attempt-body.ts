import type { Delivery } from '../../storage/repos/webhook-deliveries'
import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import type { Needs } from '../needs'
import { EMAIL_MAX_LEADS } from './email-message'
import { signalBody, TEST_EVENT, testBody, type Verdicts, windowBody } from './payload'
import { linksOf } from './send'

// What an attempt (deliver.ts) sends when its delivery stored no body: a test, a signal or a window, made for the
// destination as it is now.
type BodyDeps = Needs<'config', 'teams' | 'signals' | 'destinationWindows' | 'signalFeedback'>

/** A signal's body, or a window's built from the signals in it (built at each attempt, as the signals are now). */
export async function bodyOf(deps: BodyDeps, endpoint: EndpointRow, d: Delivery, now: Date) {
  const team = await deps.repos.teams.byId(endpoint.teamId)
  if (!team) return undefined
  const links = linksOf(deps.config, endpoint)
  if (d.event === TEST_EVENT) return testBody(endpoint, team, new Date(d.createdAt), links)
  if (d.signalId) {
    const signal = await deps.repos.signals.byId(endpoint.teamId, d.signalId)
    return signal
      ? signalBody(endpoint, team, signal, now, links, await verdictsOf(deps, endpoint, [signal.id]))
      : undefined
  }
  if (d.windowFrom === null || d.windowTo === null) return undefined
  const w = await deps.repos.destinationWindows.leadsIn(endpoint, d.windowFrom, d.windowTo, EMAIL_MAX_LEADS)
  if (w.total === 0) return undefined
  const verdicts = await verdictsOf(
    deps,
    endpoint,
    w.leads.map((l) => l.id),
  )
  return windowBody(
    endpoint,
    team,
    { ...w, from: new Date(d.windowFrom), to: new Date(d.windowTo) },
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
