import * as v from 'valibot'
import { type FailureReader, jsonBodyOf, UpstreamStatusError } from '../http'

// How X says no beyond its 15-minute window, apart from connector.ts, which searches: the problem JSON X sends
// (docs.x.com, Response codes and errors: type, title, detail) names a refusal its status alone does not.

/** How long a spent cap or spent credits are waited out before X is asked again: when they return is unknown here. */
export const SPENT_WAIT_SEC = 3600

const Problem = v.object({
  type: v.optional(v.string()),
  title: v.optional(v.string()),
  period: v.optional(v.string()),
})

/**
 * X answers 429 for a spent Post cap as for its 15-minute window, the cap's with a problem of type usage-capped
 * (title UsageCapExceeded, its period) and the window's requests remaining; and 402 titled CreditsDepleted once a
 * pay-per-use account's credits are spent. Both last until the operator acts (or the cap resets), so they are waited
 * out an hour at a time, not the minute a window's limit would take, nor sent again at every poll
 * (docs/platforms.md#twitter).
 */
export const xRefusal: FailureReader = ({ status, text }) => {
  if (status !== 429 && status !== 402) return undefined
  const parsed = v.safeParse(Problem, jsonBodyOf(text))
  if (!parsed.success) return undefined
  const { type, title, period } = parsed.output
  if (status === 402 && title === 'CreditsDepleted')
    return spent(402, "X's credits are spent (402 CreditsDepleted)", 'Buy credits in the X developer console')
  if (status !== 429) return undefined
  if (!type?.endsWith('/problems/usage-capped') && title !== 'UsageCapExceeded') return undefined
  const which = period && /^[A-Za-z]{1,20}$/.test(period) ? `${period} ` : ''
  return spent(
    429,
    `X's ${which}usage cap is spent (429 UsageCapExceeded)`,
    'Raise the cap or buy credits in the X developer console',
  )
}

const spent = (status: number, what: string, fix: string) =>
  new UpstreamStatusError(status, `twitter: ${what}; retry after ${SPENT_WAIT_SEC} s. ${fix}`, SPENT_WAIT_SEC, false)
