import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import type { Needs } from '../needs'
import { ATTEMPT_TIMEOUT_MS, type AttemptResult } from './attempt'
import { inQuietHours, quietEnd } from './cadence'
import { bodyOf } from './attempt-body'
import { TEST_EVENT } from './payload'
import { FAILING_DAYS, FAILING_MS, nextAttemptAt, RATE_LIMITED_HOURS, RATE_LIMITED_MS } from './schedule'
import { PAUSED_BY_429, PAUSED_BY_GLOBAL_LIMIT, PAUSED_BY_PACING, resetAt } from './rate-limit'
import { logsRateLimited, rateLimitedSec } from './rate-limited-log'
import { sendBody } from './send'

export type DeliveryDeps = Needs<
  'config' | 'clock' | 'log',
  'webhookDeliveries' | 'webhookEndpoints' | 'signals' | 'teams' | 'destinationWindows' | 'signalFeedback' | 'people'
>
// A claim outlives the longest attempt, so it expires only when its holder died or hung.
const CLAIM_MS = 2 * ATTEMPT_TIMEOUT_MS

let claims = 0

/**
 * Claims up to `limit` due attempts for `holder`, at most `perDestination` in flight for any one destination (one
 * statement: see the repository); `onlyId` claims that one, whatever its destination has in flight. Each call claims
 * under its own token, which the attempt's outcome is written back with.
 */
export async function claimDue(
  deps: DeliveryDeps,
  a: { holder: string; limit: number; perDestination: number } | { holder: string; onlyId: string },
) {
  const nowMs = deps.clock.now().getTime()
  const claim = `${a.holder}:${++claims}`
  // The claim's length, not its end: it runs out by the database's clock, which every host shares.
  const at = { claim, nowMs, claimMs: CLAIM_MS }
  const repo = deps.repos.webhookDeliveries
  const claimed =
    'onlyId' in a
      ? await repo.claimOne({ ...at, id: a.onlyId })
      : await repo.claim({ ...at, limit: a.limit, perEndpoint: a.perDestination })
  return claimed.map((d) => ({ ...d, claim }))
}
type ClaimedDelivery = Awaited<ReturnType<typeof claimDue>>[number]

/** How long until the first destination's pause ends (ms), if any: the worker then looks for its deliveries. */
export async function untilFirstPauseEnds(deps: DeliveryDeps): Promise<number | undefined> {
  const nowMs = deps.clock.now().getTime()
  const end = await deps.repos.webhookEndpoints.firstPauseEnd(nowMs)
  return end === undefined ? undefined : end - nowMs
}

/**
 * One claimed attempt, start to end (docs/destinations.md#delivery): the body built and sent (signed, or an
 * e-mail); then the outcome written (if the claim is still ours), the next attempt scheduled or the delivery given
 * up, and the endpoint disabled on 410 or after failing for 5 days. A signal due in quiet hours is held until they end.
 */
export async function runAttempt(deps: DeliveryDeps, d: ClaimedDelivery) {
  const endpoint = await deps.repos.webhookEndpoints.byIdAnyTeam(d.endpointId)
  if (!endpoint) return // deleted meanwhile; its deliveries went with it
  const now = deps.clock.now()
  // A signal, or a person turning hot, that comes in quiet hours is held until they end (a digest is made for their
  // end already, and a test goes at once): docs/destinations.md#quiet-hours.
  if ((d.event === 'signal.created' || d.event === 'person.updated') && inQuietHours(endpoint, now.getTime()))
    return deps.repos.webhookDeliveries.hold(d.id, d.claim, quietEnd(endpoint, now.getTime()))
  // A test's body is made again for the destination's kind now: a webhook test retried after the destination became
  // an e-mail one went out as an e-mail without subject or text.
  const body = d.payload !== null && d.event !== TEST_EVENT ? d.payload : await bodyOf(deps, endpoint, d, now)
  // A lead (or every lead of a window) the team judged not relevant, or whose person it forgot, before it went has
  // nothing to tell: done, as an empty window is, not a failure (docs/webhooks.md#a-digest).
  if (body === null) return nothingToTell(deps, d, now)
  const result: AttemptResult =
    body === undefined
      ? {
          ok: false,
          statusCode: null,
          gone: false,
          error: 'the signal no longer exists',
        }
      : await sendBody(deps.config, endpoint, d, body, now)
  const at = deps.clock.now()
  // Paused, and what remains noted, before the claim is freed, so that no server claims this attempt or another of
  // the destination meanwhile, nor keeps more of them under way than the receiver said it takes.
  const said = result.remaining
  if (said)
    await deps.repos.webhookEndpoints.noteRemaining(endpoint.id, said.remaining, resetAt(at, said.resetSec), +at)
  if (result.pauseSec !== undefined) {
    const until = resetAt(at, result.pauseSec)
    // Discord's global limit counts every webhook request from this server's address, whichever team's destination
    // it was for (docs/destinations.md#rate-limits): each Discord destination waits, the other kinds go on.
    if (!result.ok && result.senderLimited && endpoint.kind === 'discord') {
      await deps.repos.webhookEndpoints.pauseKindUntil('discord', until, PAUSED_BY_GLOBAL_LIMIT)
      // Every team's Discord alerts wait: an operator hears of it without reading each team's destinations.
      deps.log.warn('discord_global_limit', { endpoint: endpoint.id, until: new Date(until).toISOString() })
    } else
      await deps.repos.webhookEndpoints.pauseUntil(endpoint.id, until, result.ok ? PAUSED_BY_PACING : PAUSED_BY_429)
  }
  if (!result.ok && result.rateLimited) return rateLimited(deps, endpoint, d, result.error, at)
  const next = result.ok
    ? undefined
    : nextAttemptAt({
        attempts: d.attempts,
        nowMs: at.getTime(),
        random: Math.random(),
        retryAfterSec: result.retryAfterSec,
      })
  const finalFailure = !result.ok && (result.gone || result.final || next === undefined || body === undefined)
  const written = await deps.repos.webhookDeliveries.finish(d.id, d.claim, {
    status: result.ok ? 'succeeded' : finalFailure ? 'failed' : 'pending',
    nextAttemptAt: next ?? at.getTime(),
    statusCode: result.statusCode,
    error: result.ok ? null : result.error,
    at: at.toISOString(),
    rateLimitedSince: null,
    uncounted: false,
  })
  if (!written) return
  logAttempt(deps, endpoint, d, result, rateLimitedSec(d.rateLimitedSince, at.getTime()))
  if (result.ok) return deps.repos.webhookEndpoints.markHealthy(endpoint.id)
  // A signal deleted meanwhile says nothing about the receiver.
  if (body !== undefined) await endpointFailed(deps, endpoint, result.gone ? goneReason(result) : null, at.getTime())
}

const NOTHING_TO_TELL = 'not sent: every lead in it was judged not relevant or its person forgotten before it went'
const JUDGED_OUT = 'not sent: the lead was judged not relevant before it went'
async function nothingToTell(deps: DeliveryDeps, d: ClaimedDelivery, at: Date) {
  await deps.repos.webhookDeliveries.finish(d.id, d.claim, {
    status: 'succeeded',
    nextAttemptAt: at.getTime(),
    statusCode: null,
    error: d.signalId ? JUDGED_OUT : NOTHING_TO_TELL,
    at: at.toISOString(),
    rateLimitedSince: null,
    uncounted: false,
  })
}

/** `waitedSec`: how long the run of 429s this attempt is in, or ends, has lasted (docs/operations.md). */
const logAttempt = (
  deps: DeliveryDeps,
  endpoint: EndpointRow,
  d: ClaimedDelivery,
  result: AttemptResult,
  waitedSec?: number,
) =>
  deps.log.info('webhook_attempt', {
    delivery: d.id,
    endpoint: endpoint.id,
    attempt: d.attempts,
    ok: result.ok,
    status: result.statusCode,
    error: result.ok ? undefined : result.error,
    rateLimitedSec: waitedSec,
  })

/**
 * A 429 (docs/destinations.md#rate-limits): the receiver is up and asks to slow down, so the destination, already
 * paused for the wait, is not marked failing, and the attempt is not counted. The delivery keeps its due time, so it
 * goes first when the pause ends rather than after every other one waiting. Answered only 429 for a day: given up.
 */
async function rateLimited(deps: DeliveryDeps, endpoint: EndpointRow, d: ClaimedDelivery, error: string, at: Date) {
  const since = d.rateLimitedSince ?? at.getTime()
  const givenUp = at.getTime() - since >= RATE_LIMITED_MS
  const written = await deps.repos.webhookDeliveries.finish(d.id, d.claim, {
    status: givenUp ? 'failed' : 'pending',
    nextAttemptAt: d.nextAttemptAt,
    statusCode: 429,
    error: givenUp ? `answered 429: rate limited by the receiver for ${RATE_LIMITED_HOURS} hours, given up` : error,
    at: at.toISOString(),
    rateLimitedSince: since,
    uncounted: !givenUp,
  })
  // Logged when the run starts, then at a bounded rate, and when it is given up: not once per 429.
  if (written && (givenUp || logsRateLimited(d.rateLimitedSince, d.lastAttemptAt, at.getTime())))
    logAttempt(
      deps,
      endpoint,
      d,
      { ok: false, statusCode: 429, gone: false, error },
      rateLimitedSec(since, at.getTime()),
    )
}

/**
 * Why an endpoint that cannot be delivered to again is disabled: a 410, an address this server refuses, or a chat
 * platform's own words with what to do (a Slack channel archived answers 410 too, and says so).
 */
const goneReason = (r: { statusCode: number | null; error: string; goneSaid?: boolean }) =>
  r.statusCode === 410 && !r.goneSaid ? 'the receiver answered 410 Gone' : r.error

async function endpointFailed(deps: DeliveryDeps, endpoint: EndpointRow, gone: string | null, nowMs: number) {
  const endpoints = deps.repos.webhookEndpoints
  if (gone) return disable(deps, endpoint, gone)
  const since = await endpoints.markFailing(endpoint.id, nowMs)
  if (nowMs - since >= FAILING_MS) await disable(deps, endpoint, `every attempt failed for ${FAILING_DAYS} days`)
}

async function disable(deps: DeliveryDeps, endpoint: EndpointRow, reason: string) {
  await deps.repos.webhookEndpoints.disable(endpoint.id, reason)
  deps.log.warn('webhook_endpoint_disabled', { endpoint: endpoint.id, reason })
}
