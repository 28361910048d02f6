import { AppError } from '../../errors'
import { headerRateLimit, type RateLimitRule, retryAfterSecOf, retryWords } from '../common/rate-limit'
import { jsonBodyOf } from '../upstream-errors'

// Product Hunt's answer to a spent budget (docs/platforms.md#producthunt): a GraphQL body with no data and the error
// `rate_limit_reached`, whose details name the seconds to the window's reset (`reset_in`), as users quote it
// (producthunt-api#292, #336), beside the X-Rate-Limit-* headers of the rate-limit page. A GraphQL error may come
// with 200, and a proxy may drop the headers: the body alone says it is a limit, and when it ends.

/** Whether `body` is a rate_limit_reached answer, and the seconds to the reset it names (`resetSec`) if it does. */
export function limitReached(body: unknown): { reached: boolean; resetSec?: number } {
  const errors = (body as { errors?: unknown } | null)?.errors
  if (!Array.isArray(errors)) return { reached: false }
  const error = errors.find((e) => (e as { error?: unknown } | null)?.error === 'rate_limit_reached')
  if (!error) return { reached: false }
  const resetIn = (error as { details?: { reset_in?: unknown } | null }).details?.reset_in
  const named = typeof resetIn === 'number' && Number.isFinite(resetIn) && resetIn >= 0
  return { reached: true, ...(named ? { resetSec: Math.ceil(resetIn) } : {}) }
}

/**
 * A refused query's wait (api.producthunt.com/v2/docs/rate_limits/headers): X-Rate-Limit-Reset, the seconds until the
 * 15-minute window resets, even with points remaining (a query that needs more than remain is refused); else the
 * body's `reset_in`. The budget is in points, so the reset is the wait, not a minute and again.
 */
export const complexityLimit: RateLimitRule = (answer, now) => {
  const body = limitReached(jsonBodyOf(answer.text))
  if (answer.status !== 429 && !body.reached) return headerRateLimit(answer, now)
  const reset = retryAfterSecOf(answer.headers, now) ?? body.resetSec
  if (reset === undefined) return headerRateLimit(answer, now)
  const why = [answer.status === 429 ? '429' : '', body.reached ? 'rate_limit_reached' : ''].filter(Boolean)
  return { retryAfterSec: reset, why: why.join(', ') }
}

/**
 * A GraphQL answer that served (200) with rate_limit_reached for its error: the rate-limit error a 429 is, waiting
 * for the reset its X-Rate-Limit-Reset (`headers`) or its body names, else a minute; undefined for any other body.
 */
export function limitReachedError(body: unknown, headers: Headers | undefined, now: number): AppError | undefined {
  const said = limitReached(body)
  if (!said.reached) return undefined
  const retryAfterSec = (headers && retryAfterSecOf(headers, now)) ?? said.resetSec ?? 60
  return new AppError(
    'upstream_error',
    `producthunt is rate limited (rate_limit_reached); ${retryWords({ retryAfterSec })}`,
    {
      retryAfterSec,
    },
  )
}

/** Whether `err` is a refusal with a wait (a 429, a rate_limit_reached body): a rate limit, not a failed query. */
export const isRateLimit = (err: unknown) =>
  err instanceof AppError && err.kind === 'upstream_error' && err.extra.retryAfterSec !== undefined
