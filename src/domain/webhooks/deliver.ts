import type { Delivery } from '../../storage/repos/webhook-deliveries'
import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import type { Needs } from '../needs'
import { ATTEMPT_TIMEOUT_MS, type AttemptResult, attemptDelivery } from './attempt'
import { signalBody } from './payload'
import { FAILING_DAYS, FAILING_MS, nextAttemptAt } from './schedule'
import { signingSecrets } from './signing'

export type DeliveryDeps = Needs<
  'config' | 'clock' | 'log',
  'webhookDeliveries' | 'webhookEndpoints' | 'signals' | 'teams'
>
// A claim outlives the longest attempt, so it expires only when its holder died or hung.
const CLAIM_MS = 2 * ATTEMPT_TIMEOUT_MS

let claims = 0

/**
 * Claims up to `limit` due attempts for `holder` (one statement: see the repository); `onlyId` claims that one. Each
 * call claims under its own token, which the attempt's outcome is written back with.
 */
export async function claimDue(deps: DeliveryDeps, a: { holder: string; limit: number; onlyId?: string }) {
  const nowMs = deps.clock.now().getTime()
  const claim = `${a.holder}:${++claims}`
  const claimed = await deps.repos.webhookDeliveries.claim({
    claim,
    limit: a.limit,
    onlyId: a.onlyId,
    nowMs,
    claimUntil: nowMs + CLAIM_MS,
  })
  return claimed.map((d) => ({ ...d, claim }))
}
export type ClaimedDelivery = Awaited<ReturnType<typeof claimDue>>[number]

/**
 * One claimed attempt, start to end (docs/webhooks.md#delivery): the body, signed with the endpoint's secrets, sent;
 * then the outcome written (if the claim is still ours), the next attempt scheduled or the delivery given up, and
 * the endpoint disabled on 410 or after failing for 5 days.
 */
export async function runAttempt(deps: DeliveryDeps, d: ClaimedDelivery) {
  const endpoint = await deps.repos.webhookEndpoints.byIdAnyTeam(d.endpointId)
  if (!endpoint) return // deleted meanwhile; its deliveries went with it
  const now = deps.clock.now()
  const body = d.payload ?? (await bodyOfSignal(deps, endpoint, d, now))
  const result: AttemptResult =
    body === undefined
      ? { ok: false, statusCode: null, gone: false, error: 'the signal no longer exists' }
      : await attemptDelivery({
          url: endpoint.url,
          id: d.id,
          body,
          secrets: signingSecrets(endpoint, now.getTime()),
          now,
          allowPrivate: deps.config.webhooks.allow_private_targets,
        })
  const at = deps.clock.now()
  const next = result.ok
    ? undefined
    : nextAttemptAt({
        attempts: d.attempts,
        nowMs: at.getTime(),
        random: Math.random(),
        retryAfterSec: result.retryAfterSec,
      })
  const finalFailure = !result.ok && (result.gone || next === undefined || body === undefined)
  const written = await deps.repos.webhookDeliveries.finish(d.id, d.claim, {
    status: result.ok ? 'succeeded' : finalFailure ? 'failed' : 'pending',
    nextAttemptAt: next ?? at.getTime(),
    statusCode: result.statusCode,
    error: result.ok ? null : result.error,
    at: at.toISOString(),
  })
  if (!written) return
  deps.log.info('webhook_attempt', {
    delivery: d.id,
    endpoint: endpoint.id,
    attempt: d.attempts,
    ok: result.ok,
    status: result.statusCode,
    error: result.ok ? undefined : result.error,
  })
  if (result.ok) return deps.repos.webhookEndpoints.markHealthy(endpoint.id)
  // A signal deleted meanwhile says nothing about the receiver.
  if (body !== undefined) await endpointFailed(deps, endpoint, result.gone, at.getTime())
}

async function endpointFailed(deps: DeliveryDeps, endpoint: EndpointRow, gone: boolean, nowMs: number) {
  const endpoints = deps.repos.webhookEndpoints
  if (gone) return disable(deps, endpoint, 'the receiver answered 410 Gone')
  const since = await endpoints.markFailing(endpoint.id, nowMs)
  if (nowMs - since >= FAILING_MS) await disable(deps, endpoint, `every attempt failed for ${FAILING_DAYS} days`)
}

async function disable(deps: DeliveryDeps, endpoint: EndpointRow, reason: string) {
  await deps.repos.webhookEndpoints.disable(endpoint.id, reason)
  deps.log.warn('webhook_endpoint_disabled', { endpoint: endpoint.id, reason })
}

async function bodyOfSignal(deps: DeliveryDeps, endpoint: EndpointRow, d: Delivery, now: Date) {
  if (!d.signalId) return undefined
  const [signal, team] = await Promise.all([
    deps.repos.signals.byId(endpoint.teamId, d.signalId),
    deps.repos.teams.byId(endpoint.teamId),
  ])
  return signal && team ? signalBody(endpoint, team, signal, now) : undefined
}
