import { AppError } from '../../errors'
import { type FailedAnswer, retryAfterSecOf, retryWords } from '../common/rate-limit'
import { UpstreamStatusError } from '../upstream-errors'
import { pause } from '../../lib/pause'

// Apify API v2, "Retrying rate-limited requests with exponential backoff" (docs/platforms.md#providers): a 429 that
// names no wait is sent again after a random time between DELAY and 2 × DELAY milliseconds, DELAY starting at 500 and
// doubling each time. A 429 refuses the request before any run starts, so sending it again charges nothing twice.
const FIRST_DELAY_MS = 500
/** Retries before the search gives up: 0.5 to 15 s of waits at most, well inside an Apify run's timeout_ms. */
const RETRIES = 4
/** The least time left for a run after a wait (runTimeLimitSec keeps a second of it for the answer). */
const LEAST_RUN_MS = 2000

/**
 * How the backoff waits: its random part (0 to 1) and its sleep, which ends early when the search is stopped; the
 * platform's own unless a test passes others.
 */
export type Pacing = { random?: () => number; sleep?: (ms: number, signal?: AbortSignal) => Promise<unknown> }

// A stopped search (cancelled, or past its deadline) must not sit out a wait of up to 8 s and then send again.
const sleepUnlessStopped = (ms: number, signal?: AbortSignal) => (signal ? pause(ms, signal) : Bun.sleep(ms))

/** Apify's 429 without a Retry-After (or a reset time): the documented backoff applies, not a wait it named. */
class UnnamedWait extends UpstreamStatusError {}

/** `answer` as an UnnamedWait when it is one (a FailureReader's first look); undefined otherwise. */
export function unnamedWait(platform: string, answer: FailedAnswer, now: number): UpstreamStatusError | undefined {
  if (answer.status !== 429 || retryAfterSecOf(answer.headers, now) !== undefined) return undefined
  return new UnnamedWait(429, `${platform} is rate limited (429 without Retry-After)`, undefined, false)
}

/**
 * `send` (given the milliseconds left of `budgetMs` for its run), sent again after Apify's backoff while it is refused
 * with a 429 that names no wait, up to RETRIES times and never past `budgetMs`; then a rate-limit error whose wait is
 * the backoff's next, so the search runner and the shared pause hold the token that long.
 */
export async function withBackoff<T>(
  platform: string,
  send: (leftMs: number) => Promise<T>,
  budgetMs: number,
  { random = Math.random, sleep = sleepUnlessStopped }: Pacing = {},
  signal?: AbortSignal,
): Promise<T> {
  const started = performance.now()
  const left = () => budgetMs - (performance.now() - started)
  let delay = FIRST_DELAY_MS
  for (let tries = 1; ; tries++) {
    try {
      return await send(tries === 1 ? budgetMs : left())
    } catch (err) {
      if (!(err instanceof UnnamedWait)) throw err
      const wait = Math.round(delay * (1 + random()))
      delay *= 2
      if (tries > RETRIES || left() - wait < LEAST_RUN_MS) {
        const retryAfterSec = Math.ceil(wait / 1000)
        const why = `429 without Retry-After, ${tries} tries backed off`
        throw new UpstreamStatusError(
          429,
          `${platform} is rate limited (${why}); ${retryWords({ retryAfterSec })}`,
          retryAfterSec,
          false,
        )
      }
      await sleep(wait, signal)
      if (signal?.aborted)
        throw signal.reason ?? new AppError('upstream_timeout', `${platform}: the search was stopped`)
    }
  }
}
