// docs/webhooks.md#retries: the Standard Webhooks schedule. Attempt 1 goes at once; after a failed attempt n, the
// next waits RETRY_DELAYS_SEC[n - 1]; after the 10th, the delivery is given up.
const RETRY_DELAYS_SEC = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600]
const MAX_ATTEMPTS = RETRY_DELAYS_SEC.length + 1
// Each wait is moved by up to this share either way, so that receivers coming back up are not hit all at once.
const JITTER = 0.1
// A Retry-After asks for a longer wait than the schedule; it is followed up to the schedule's longest wait.
const MAX_WAIT_SEC = 24 * 3600
// An endpoint that has failed every attempt for this long is disabled.
export const FAILING_DAYS = 5
export const FAILING_MS = FAILING_DAYS * 24 * 3600 * 1000
// docs/destinations.md#rate-limits: a 429 is not counted among the attempts; a delivery answered nothing but 429 for
// this long is given up all the same.
export const RATE_LIMITED_HOURS = 24
export const RATE_LIMITED_MS = RATE_LIMITED_HOURS * 3600 * 1000

/**
 * When the next attempt is due after `attempts` failed ones (epoch ms), or undefined when none is left.
 * `random` is in [0, 1); `retryAfterSec`, the receiver's Retry-After, lengthens the wait but never shortens it.
 */
export function nextAttemptAt(a: {
  attempts: number
  nowMs: number
  random: number
  retryAfterSec?: number
}): number | undefined {
  if (a.attempts >= MAX_ATTEMPTS) return undefined
  const base = RETRY_DELAYS_SEC[a.attempts - 1]
  const jittered = base * (1 + JITTER * (2 * a.random - 1))
  const wait = Math.min(Math.max(jittered, a.retryAfterSec ?? 0), MAX_WAIT_SEC)
  return a.nowMs + Math.round(wait * 1000)
}
