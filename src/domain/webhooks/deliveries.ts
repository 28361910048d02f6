import { AppError } from '../../errors'
import { newId } from '../../lib/ids'
import { echoed } from '../../lib/text'
import type { Delivery, DeliveryStatus } from '../../storage/repos/webhook-deliveries'
import type { Needs } from '../needs'
import { type DeliveryDeps, claimDue, runAttempt } from './deliver'
import { discordGlobalPause, findEndpoint } from './endpoints'
import { TEST_EVENT, testBody } from './payload'
import { linksOf } from './send'
import { takeSendOnRequest } from './send-limit'

const iso = (ms: number) => new Date(ms).toISOString()

/** What the delivery log reads of its destination: whether it sends, and until when it is paused. */
type Sending = { enabled: boolean; pausedUntil: number | null }

/**
 * The delivery log as the API, the CLI and the console show it (docs/webhooks.md#the-delivery-log). A pending delivery
 * of a paused destination is next tried when the pause ends (docs/destinations.md#rate-limits), not at the due time it
 * keeps for its place in the order; one of a disabled destination is not tried at all until it is enabled, so it shows
 * no time (a pause's end or its due time read as a send scheduled).
 */
function deliveryView(d: Delivery, destination: Sending) {
  return {
    id: d.id,
    event: d.event,
    signalId: d.signalId,
    window: d.windowFrom === null || d.windowTo === null ? null : { from: iso(d.windowFrom), to: iso(d.windowTo) },
    status: d.status,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    lastAttemptAt: d.lastAttemptAt,
    nextAttemptAt:
      d.status === 'pending' && destination.enabled
        ? iso(Math.max(d.nextAttemptAt, destination.pausedUntil ?? 0))
        : null,
    createdAt: d.createdAt,
  }
}

export async function listDeliveries(
  deps: Needs<never, 'webhookEndpoints' | 'webhookDeliveries'>,
  a: { teamId: string; endpointId: string; limit: number; status?: DeliveryStatus },
) {
  const endpoint = await findEndpoint(deps, { teamId: a.teamId, id: a.endpointId })
  const rows = await deps.repos.webhookDeliveries.list(a.endpointId, { limit: a.limit, status: a.status })
  return rows.map((d) => deliveryView(d, endpoint))
}

/** Any delivery again, from the first attempt, with the same webhook-id (it is the same event). */
export async function replayDelivery(
  deps: Needs<'clock', 'webhookEndpoints' | 'webhookDeliveries'>,
  a: { teamId: string; endpointId: string; deliveryId: string },
) {
  const endpoint = await findEndpoint(deps, { teamId: a.teamId, id: a.endpointId })
  const deliveries = deps.repos.webhookDeliveries
  const nowMs = deps.clock.now().getTime()
  // A replay is a send on request, bounded per receiver (docs/webhooks.md#testing); one of no delivery sends nothing.
  const giveBack = takeSendOnRequest(deliveries, endpoint, nowMs)
  if (!(await deliveries.replay(a.endpointId, a.deliveryId, nowMs))) {
    giveBack()
    // The delivery id is the caller's, echoed as an endpoint's is; the endpoint's is the stored one
    // (docs/api.md#error-codes).
    throw new AppError('not_found', `webhook endpoint ${endpoint.id} has no delivery ${echoed(a.deliveryId)}`)
  }
  return deliveryView((await deliveries.byId(a.endpointId, a.deliveryId)) as Delivery, endpoint)
}

/**
 * A test event (docs/webhooks.md#testing): stored as a delivery like any other, then its first attempt is made at once
 * so the caller sees the answer; a failure is retried on the schedule by the server's delivery worker.
 */
export async function sendTestEvent(deps: DeliveryDeps, a: { teamId: string; endpointId: string }) {
  const endpoint = await findEndpoint(deps, { teamId: a.teamId, id: a.endpointId })
  if (!endpoint.enabled) throw new AppError('invalid_request', 'the endpoint is disabled; enable it to test it')
  const team = await deps.repos.teams.byId(a.teamId)
  if (!team) throw new AppError('not_found', 'no such team')
  const now = deps.clock.now()
  // A test goes at once even to a paused destination, so its user sees the answer; not into Discord's global limit,
  // which counts this server's requests to every Discord webhook, whichever team's (docs/webhooks.md#testing): another
  // request there only holds every team's Discord destinations longer, and a repeated one risks a ban of the address.
  const global = await discordGlobalPause(deps, endpoint.kind, now.getTime())
  if (global)
    throw new AppError(
      'invalid_request',
      `not sent: Discord asked this server to send nothing to any Discord webhook until ${iso(global.pausedUntil)} (its global rate limit); test again after that`,
    )
  takeSendOnRequest(deps.repos.webhookDeliveries, endpoint, now.getTime())
  const id = newId('msg')
  const payload = testBody(endpoint, team, now, linksOf(deps.config, endpoint))
  await deps.repos.webhookDeliveries.insert({
    id,
    endpointId: endpoint.id,
    event: TEST_EVENT,
    payload,
    nowMs: now.getTime(),
    nowIso: now.toISOString(),
  })
  const holder = newId('test')
  const [claimed] = await claimDue(deps, { holder, onlyId: id })
  if (claimed) await runAttempt(deps, claimed)
  // Read again: a 429 to this attempt has just paused the destination.
  const current = (await deps.repos.webhookEndpoints.byIdAnyTeam(endpoint.id)) ?? endpoint
  return deliveryView((await deps.repos.webhookDeliveries.byId(endpoint.id, id)) as Delivery, current)
}
