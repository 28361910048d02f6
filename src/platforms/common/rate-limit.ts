import { AppError } from '../../errors'
import { answerNowMs, retryAfterSeconds } from '../../lib/retry-after'
import { type PauseBoard, pauseBoard } from './shared-pauses'
// docs/platforms.md#rate-limits: how a platform says "too many requests", and when it lets us call again. A rate
// limit is not the failure of one query: the search runner keeps its retry time in source health (retryAt) and no
// search of that platform is sent before it.

/** A platform's failed answer, as the rules below read it. */
export type FailedAnswer = { status: number; headers: Headers; text: string }
type RateLimit = { retryAfterSec: number; why: string }
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

/**
 * The rule every connector starts from: 429, or a 403 that says it is a limit (GitHub answers a spent limit with 403
 * and `x-ratelimit-remaining: 0`, a secondary limit with 403, a message naming it and often `retry-after`). The
 * reset time is the wait only when nothing remains: GitHub sends `x-ratelimit-reset` on every answer, and for a
 * secondary limit (requests remaining) asks for `retry-after` or at least a minute (docs.github.com, "Rate limits
 * for the REST API"); the primary window's reset may be seconds away.
 */
export const headerRateLimit: RateLimitRule = ({ status, headers, text }, now) => {
  const remaining = remainingOf(headers)
  const spent = remaining === 0
  const limited =
    status === 429 ||
    (status === 403 && (spent || headers.has('retry-after') || /rate.?limit/i.test(text.slice(0, 2000))))
  if (!limited) return undefined
  const wait = retryAfterSecOf(headers, now, remaining === undefined || spent)
  // A Retry-After we cannot read was given all the same: saying none was would send the operator looking elsewhere.
  const unread = headers.get('retry-after')?.trim() ? ', a Retry-After that is neither seconds nor a date' : ''
  const why = `${status}${spent ? ', no requests remaining' : ''}${wait === undefined ? unread || ', no retry time given' : ''}`
  return { retryAfterSec: wait ?? DEFAULT_WAIT_SEC, why }
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
 * A wait a platform announced for one set of credentials (`key`, pauseKey), in an answer that still served the
 * search (Stack Exchange's `backoff`, a page that took the last request) or in a refusal:
 * held on `board`, this process's pauses, so every connector and stream with the same key keeps it, and every
 * process on the database (common/shared-pauses.ts). `refuseWhileHeld` first reads the shared pauses if what this
 * process read of them is old; `secondsLeft` is what it knows. `longestSec`: the longest wait held, for a platform
 * whose documented window is short (Reddit, Mastodon), so that a wait of days (a typo, a proxy gone wrong) does not
 * hold its stream and searches that long (docs/streams.md#outages); the reason then says what was asked.
 * `holdsSearches`: for a pause that stops the platform's searches only at times, whether it does now (what source
 * health shows).
 */
export function sharedPause(
  refusal: (waitSec: number, why: string) => string,
  platform: string,
  key: string,
  board: PauseBoard = pauseBoard(),
  { longestSec = Number.POSITIVE_INFINITY, holdsSearches }: { longestSec?: number; holdsSearches?: () => boolean } = {},
) {
  board.uses(key, platform, holdsSearches)
  const secondsLeft = () => {
    const held = board.held(key)
    return held ? Math.ceil((held.until - board.now()) / 1000) : 0
  }
  const hold = (seconds: number, reason: string) =>
    seconds <= longestSec
      ? board.hold(key, platform, seconds, reason)
      : board.hold(key, platform, longestSec, `${reason}: asked for ${seconds} s, held ${longestSec} s at most`)
  return {
    /** Waits `seconds` from now, unless a longer wait is already kept; written through to the shared pauses. */
    hold,
    /**
     * A call refused as a rate limit (a 429, read by failedAnswer into upstream_error with its wait) holds every call
     * with the same credentials until then, as a spent limit does: the stream and the searches, where they share the
     * limit, on every process (docs/platforms.md#rate-limits); what was asked, at most `longestSec`. Rethrows `err`,
     * worded as it was built: its caller gives failedAnswer the same bound (longestWaitSec).
     */
    async refused(err: unknown): Promise<never> {
      const limited = err instanceof AppError && err.kind === 'upstream_error' ? err.extra : undefined
      const wait = limited?.askedSec ?? limited?.retryAfterSec
      if (wait) await hold(wait, 'rate limited')
      throw err
    },
    secondsLeft,
    /** Throws the refusal while a wait is kept. */
    async refuseWhileHeld() {
      await board.fresh()
      const wait = secondsLeft()
      if (wait > 0)
        throw new AppError('platform_budget_exhausted', refusal(wait, board.held(key)?.why ?? ''), {
          retryAfterSec: wait,
        })
    },
  }
}

type HeldPause = { refuseWhileHeld(): Promise<void>; secondsLeft(): number }

/**
 * The pauses that each hold a connector's calls (Stack Exchange's daily quota on the address and its backoff on the
 * method searched), as the one pause the search runner asks of it (platforms/types.ts): refused while any is held.
 */
export const eitherPause = (...pauses: HeldPause[]): HeldPause => ({
  async refuseWhileHeld() {
    for (const p of pauses) await p.refuseWhileHeld()
  },
  secondsLeft: () => Math.max(0, ...pauses.map((p) => p.secondsLeft())),
})

/**
 * A platform's request limit as its answers that served tell it (docs/platforms.md#rate-limits): `heard` reads each
 * one's headers, and one that says no request remains (spentWaitSec) holds every request with the same credentials
 * (`key`, on `board`: sharedPause) until the reset: meanwhile `refuseWhileHeld` throws 503 platform_budget_exhausted
 * with the seconds left, and `secondsLeft` is above 0, so that a paged search answers with what it found rather than
 * send its next page into a refusal. `spent` starts the refusal: "github's search limit is spent"; `longestSec` as
 * sharedPause's.
 */
export function spentLimit(
  spent: string,
  platform: string,
  key: string,
  board: PauseBoard = pauseBoard(),
  longestSec?: number,
) {
  const pause = sharedPause(
    (wait, why) => `${spent} (${why}): wait ${wait} s before searching again`,
    platform,
    key,
    board,
    { longestSec },
  )
  const heard = async (headers: Headers) => {
    const wait = spentWaitSec(headers, board.now())
    if (wait !== undefined) await pause.hold(wait, 'no requests remaining')
  }
  return { ...pause, heard }
}
