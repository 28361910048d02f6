import * as v from 'valibot'
import type { ErrorCode } from '../errors'

/** What `Retry-After` counts down to on each error that sends it (docs/api.md#error-codes). */
const UNTIL: Partial<Record<ErrorCode, string>> = {
  quota_exceeded:
    'until the quota month ends (00:00 UTC on the 1st), or, while calls still running hold the last units and may ' +
    'give them back, until those must have ended (195 s) (429 quota_exceeded)',
  too_many_exports: "until one of the team's open exports may have ended (429 too_many_exports)",
  too_many_sends: 'until the receiver may be sent another test event or replay (429 too_many_sends)',
  upstream_error: 'until the platform may be asked again, after it answered with a rate limit (502 upstream_error)',
  platform_budget_exhausted:
    "until the platform may be asked again, its request budget spent or a rate limit's wait not over " +
    '(503 platform_budget_exhausted)',
  scorer_unavailable: 'until the scorer may answer (503 scorer_unavailable)',
}

/**
 * Whether an answer that may be any of `codes` can send `Retry-After`: the header's words are those of its codes
 * only, so the 429 of a route limited by the monthly quota says nothing of exports, receivers or platforms.
 */
export const sendsRetryAfter = (codes: readonly ErrorCode[]) => codes.some((code) => UNTIL[code] !== undefined)

/** The header's schema for an answer that may be any of `codes`: its description, what each of them waits for. */
export function retryAfterHeader(codes: readonly ErrorCode[]) {
  const waits = codes.flatMap((code) => UNTIL[code] ?? [])
  const none = codes.filter((code) => UNTIL[code] === undefined)
  const absent = none.length ? ` Absent from ${none.join(' and ')}.` : ''
  return v.pipe(
    v.number(),
    v.integer(),
    v.description(`Whole seconds to wait before asking again: ${waits.join('; or ')}.${absent}`),
  )
}
