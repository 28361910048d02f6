import { answerNowMs, retryAfterSeconds } from '../../lib/retry-after'
// docs/platforms.md#rate-limits: how a platform says "too many requests", and when it lets us call again. A rate
// limit is not the failure of one query: the search runner keeps its retry time in source health (retryAt) and no
// search of that platform is sent before it. The waits held for one set of credentials: credential-pauses.ts.

/** A platform's failed answer, as the rules below read it; `url` is the address that answered, after redirects. */
export type FailedAnswer = { status: number; headers: Headers; text: string; url?: string }
/** A rate limit's wait and why; `spent` when the refusal said no request remains (not a secondary limit's). */
type RateLimit = { retryAfterSec: number; why: string; spent?: true }
/** A wait as it is kept: `retryAfterSec`, and `askedSec` when upstream asked for longer (AppError's extra). */
export type KeptWait = { retryAfterSec: number; askedSec?: number }

/** `askedSec` kept at most `longestSec` (docs/streams.md#outages): what a rate-limit error carries. */
export const keptWait = (askedSec: number, longestSec = Number.POSITIVE_INFINITY): KeptWait =>
  askedSec <= longestSec ? { retryAfterSec: askedSec } : { retryAfterSec: longestSec, askedSec }

/**
 * A kept wait in a rate-limit error's words, which source health keeps as lastError: the wait kept, as retryAt holds
 * it, and what was asked when that was more.
 */
export const retryWords = ({ retryAfterSec, askedSec }: KeptWait) =>
  `retry after ${retryAfterSec} s${askedSec === undefined ? '' : ` (asked for ${askedSec} s: a wait named is kept ${retryAfterSec} s at most)`}`

/** Reads a failed answer: a rate limit and its wait, or undefined for any other failure. */
export type RateLimitRule = (answer: FailedAnswer, now: number) => RateLimit | undefined

/** The wait when a platform says it is limiting us without saying for how long (GitHub's advice: a minute). */
const DEFAULT_WAIT_SEC = 60

const RESET_HEADERS = ['ratelimit-reset', 'x-ratelimit-reset', 'x-rate-limit-reset']
const REMAINING_HEADERS = ['ratelimit-remaining', 'x-ratelimit-remaining', 'x-rate-limit-remaining']

const secondsUntil = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000))

/**
 * How long a rate-limit answer asks us to wait, in seconds: `Retry-After` (seconds or an HTTP date), else a reset
 * time: epoch seconds (X, GitHub, Bluesky's `ratelimit-reset`), seconds from now (Reddit, the IETF draft's form,
 * any number too small to be a date) or a date (Mastodon's ISO 8601 `X-RateLimit-Reset`). Undefined when nothing
 * usable is there.
 */
export function retryAfterSecOf(headers: Headers, now = Date.now(), readReset = true): number | undefined {
  const retry = retryAfterSeconds(headers, now)
  if (retry !== undefined) return Math.ceil(retry)
  if (!readReset) return undefined
  // A reset time is on the platform's clock, as a Retry-After date is.
  const answeredAt = answerNowMs(headers, now)
  for (const name of RESET_HEADERS) {
    const value = headers.get(name)?.trim()
    if (!value) continue
    if (/^\d+(\.\d+)?$/.test(value)) {
      const n = Number(value)
      return n > 1e9 ? secondsUntil(n * 1000, answeredAt) : Math.ceil(n)
    }
    const at = Date.parse(value)
    if (Number.isFinite(at)) return secondsUntil(at, answeredAt)
  }
  return undefined
}

const remainingOf = (headers: Headers) => {
  for (const name of REMAINING_HEADERS) {
    const value = headers.get(name)?.trim()
    if (value) return Number(value)
  }
  return undefined
}

/** The wait a refusal names: `Retry-After`, else its reset when no request remains or it says nothing of them. */
const namedWaitSec = (headers: Headers, now: number) => {
  const remaining = remainingOf(headers)
  return retryAfterSecOf(headers, now, remaining === undefined || remaining === 0)
}

/**
 * The rule every connector starts from: 429, or a 403 that says it is a limit (GitHub answers a spent limit with 403
 * and `x-ratelimit-remaining: 0`, a secondary limit with 403, a message naming it and often `retry-after`). The
 * reset time is the wait only when nothing remains: GitHub sends `x-ratelimit-reset` on every answer, and for a
 * secondary limit (requests remaining) asks for `retry-after` or at least a minute (docs.github.com, "Rate limits
 * for the REST API"); the primary window's reset may be seconds away.
 */
export const headerRateLimit: RateLimitRule = ({ status, headers, text }, now) => {
  const spent = remainingOf(headers) === 0
  const limited =
    status === 429 ||
    (status === 403 && (spent || headers.has('retry-after') || /rate.?limit/i.test(text.slice(0, 2000))))
  if (!limited) return undefined
  const wait = namedWaitSec(headers, now)
  // A Retry-After we cannot read was given all the same: saying none was would send the operator looking elsewhere.
  const unread = headers.get('retry-after')?.trim() ? ', a Retry-After that is neither seconds nor a date' : ''
  const why = `${status}${spent ? ', no requests remaining' : ''}${wait === undefined ? unread || ', no retry time given' : ''}`
  return { retryAfterSec: wait ?? DEFAULT_WAIT_SEC, why, ...(spent ? { spent: true as const } : {}) }
}

/**
 * An answer that served but says no request remains (GitHub's `x-ratelimit-remaining: 0` on a success, Reddit's
 * approximate `X-Ratelimit-Remaining: 0.0`: below one request): the seconds until its reset (`x-ratelimit-reset`),
 * a minute when it names none; undefined while requests remain or it says nothing of them. The next request would be
 * refused (docs/platforms.md#rate-limits).
 */
export function spentWaitSec(headers: Headers, now = Date.now()): number | undefined {
  const remaining = remainingOf(headers)
  if (remaining === undefined || !(remaining < 1)) return undefined
  return retryAfterSecOf(headers, now) ?? DEFAULT_WAIT_SEC
}

/**
 * The longest an unnamed wait grows to (escalatingRateLimit): an hour, as a stream's named waits (NAMED_WAIT_MAX_SEC).
 */
const ESCALATED_MOST_SEC = 3600

/**
 * headerRateLimit for a refusal that names no wait, where the platform documents none (Google News) or asks for
 * longer waits as refusals go on (GitHub's secondary limits): a refusal that names none waits a minute,
 * then twice the last for each refusal in a row, up to an hour, so that a throttled address is left alone long enough
 * for the block to lift instead of being asked again every minute. A wait the answer names is kept as named;
 * `served()` (an answer that served) starts the doubling over. `refusal` names, in words, a throttle the status does
 * not show (Google's /sorry/ page answering 503) (docs/platforms.md#rate-limits).
 */
export function escalatingRateLimit(
  mostSec = ESCALATED_MOST_SEC,
  refusal: (answer: FailedAnswer) => string | undefined = () => undefined,
) {
  let inARow = 0
  const rule: RateLimitRule = (answer, now) => {
    const words = refusal(answer)
    const named = namedWaitSec(answer.headers, now)
    const limit =
      headerRateLimit(answer, now) ??
      (words ? { retryAfterSec: named ?? DEFAULT_WAIT_SEC, why: `${answer.status}` } : undefined)
    if (!limit) return limit
    const why = words ? `${limit.why}, ${words}` : limit.why
    if (named !== undefined) return { ...limit, why }
    const retryAfterSec = Math.min(mostSec, DEFAULT_WAIT_SEC * 2 ** Math.min(inARow, 16))
    inARow++
    return { ...limit, retryAfterSec, why: `${why}, ${inARow} in a row` }
  }
  return {
    rule,
    served: () => {
      inARow = 0
    },
  }
}
