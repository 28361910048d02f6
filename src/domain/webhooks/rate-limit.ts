import { retryAfterSeconds } from '../../lib/retry-after'

// How an answer asks a destination to wait (docs/destinations.md#rate-limits): Slack's and Discord's 429s, and
// Discord's X-RateLimit headers on every answer.

// docs/destinations.md#rate-limits: a 429 that names no wait pauses the destination this long, one that asks for
// less waits RATE_LIMIT_MIN_SEC (else the worker, woken by the attempt's end, would send again at once, in a loop);
// no receiver's wait is followed for longer than RATE_LIMIT_MAX_SEC (it is asked again then).
const RATE_LIMIT_DEFAULT_SEC = 5
const RATE_LIMIT_MIN_SEC = 1
const RATE_LIMIT_MAX_SEC = 15 * 60

/**
 * How long a 429 asks to be sent nothing, in seconds (docs/destinations.md#rate-limits): the `retry_after` of
 * Discord's JSON body (to the millisecond, where its Retry-After is rounded up to whole seconds, which would hold each
 * burst longer than the webhook does), else its Retry-After, else Discord's X-RateLimit-Reset-After, else
 * RATE_LIMIT_DEFAULT_SEC; at least RATE_LIMIT_MIN_SEC, at most RATE_LIMIT_MAX_SEC.
 */
export function rateLimitWaitSec(headers: Headers, body: Uint8Array, nowMs: number): number {
  const asked =
    bodyRetryAfter(body) ??
    retryAfterSeconds(headers, nowMs) ??
    plainSeconds(headers.get('x-ratelimit-reset-after')) ??
    RATE_LIMIT_DEFAULT_SEC
  return Math.min(Math.max(asked, RATE_LIMIT_MIN_SEC), RATE_LIMIT_MAX_SEC)
}

/**
 * How long any other answer asks to be sent nothing, in seconds, if it does: only when it says no request is left
 * (X-RateLimit-Remaining: 0) and when its limit resets (X-RateLimit-Reset-After), so that a burst paces itself.
 */
export function pacingPauseSec(headers: Headers): number | undefined {
  const said = remainingRequests(headers)
  return said?.remaining === 0 ? said.resetSec : undefined
}

export type RemainingRequests = { remaining: number; resetSec: number }

/**
 * How many requests an answer says the receiver still takes (X-RateLimit-Remaining) and in how many seconds its limit
 * resets (X-RateLimit-Reset-After, at most RATE_LIMIT_MAX_SEC), if it says both, as Discord's answers do
 * (docs/destinations.md#rate-limits): the claim keeps no more attempts under way to the destination until then.
 */
export function remainingRequests(headers: Headers): RemainingRequests | undefined {
  const remaining = headers.get('x-ratelimit-remaining')?.trim()
  const resetAfter = plainSeconds(headers.get('x-ratelimit-reset-after'))
  if (!remaining || !/^\d+$/.test(remaining) || resetAfter === undefined) return undefined
  return { remaining: Number(remaining), resetSec: Math.min(resetAfter, RATE_LIMIT_MAX_SEC) }
}

/** When a wait of `sec` seconds from `at` ends (epoch ms, to the millisecond). */
export const resetAt = (at: Date, sec: number) => at.getTime() + Math.round(sec * 1000)

/** A non-negative number of seconds, decimals allowed (Discord's headers); undefined for anything else. */
const plainSeconds = (value: string | null) => (value && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : undefined)

/** Discord's 429 body: `{"message", "retry_after": seconds, "global"}`; undefined when it is not JSON. */
function discordBody(body: Uint8Array): { retry_after?: unknown; global?: unknown } | undefined {
  try {
    return JSON.parse(new TextDecoder().decode(body)) ?? undefined
  } catch {
    return undefined
  }
}

function bodyRetryAfter(body: Uint8Array): number | undefined {
  const wait = discordBody(body)?.retry_after
  return typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? wait : undefined
}

// Why a destination is paused, as its team sees it (docs/destinations.md#rate-limits). The global limit's reason is the
// same on every destination it pauses, whichever team's: it names neither the destination that met it nor its URL.
export const PAUSED_BY_429 = 'rate limited by the receiver (answered 429)'
export const PAUSED_BY_PACING = "no requests left until the receiver's rate limit resets"
export const PAUSED_BY_GLOBAL_LIMIT = "Discord limited this server's requests as a whole"

/**
 * Discord's global rate limit (docs/destinations.md#rate-limits): its 429 carries X-RateLimit-Global: true (and
 * X-RateLimit-Scope: global) and `global: true` in its body; either one says so.
 */
export const globalLimit = (headers: Headers, body: Uint8Array) =>
  headers.get('x-ratelimit-global')?.trim().toLowerCase() === 'true' ||
  headers.get('x-ratelimit-scope')?.trim().toLowerCase() === 'global' ||
  discordBody(body)?.global === true
