import * as v from 'valibot'
import { type FailureReader, jsonBodyOf, UpstreamStatusError } from '../upstream-errors'

// How X says no beyond its 15-minute window, apart from connector.ts, which searches: the problem JSON X sends
// (docs.x.com, Response codes and errors: type, title, detail) names a refusal its status alone does not.

/** How long a spent cap or spent credits are waited out before X is asked again: when they return is unknown here. */
export const SPENT_WAIT_SEC = 3600

const Problem = v.object({
  type: v.optional(v.string()),
  title: v.optional(v.string()),
  period: v.optional(v.string()),
  reason: v.optional(v.string()),
})

/**
 * X answers 429 for a spent Post cap as for its 15-minute window, the cap's with a problem of type usage-capped
 * (title UsageCapExceeded, its period) and the window's requests remaining; and 402 titled CreditsDepleted once a
 * pay-per-use account's credits are spent. Both last until the operator acts (or the cap resets), so they are waited
 * out an hour at a time, not the minute a window's limit would take, nor sent again at every poll
 * (docs/platforms.md#twitter).
 */
export const xRefusal: FailureReader = ({ status, text }) => {
  const parsed = v.safeParse(Problem, jsonBodyOf(text))
  if (!parsed.success) return undefined
  const { type, title, period } = parsed.output
  if (status === 402 && title === 'CreditsDepleted')
    return spent(402, "X's credits are spent (402 CreditsDepleted)", 'Buy credits in the X developer console')
  if (status !== 429) return named(status, parsed.output)
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

/**
 * A problem's identifier (the type's last segment, a reason), short and plain, or undefined: X's text is not repeated.
 */
const slug = (s: string | undefined) => (s && /^[a-z-]{1,40}$/.test(s) ? s : undefined)

/**
 * Any other refusal with a problem names it (docs.x.com's list of problem types): `client-forbidden` is a token
 * whose app may not call v2 (not in a project, or without the access), which only the operator changes.
 */
function named(status: number, p: v.InferOutput<typeof Problem>): UpstreamStatusError | undefined {
  const problem = slug(p.type?.match(/\/problems\/([^/]+)$/)?.[1])
  // A server error keeps the common reading (a 503's Retry-After): only a refusal of the request is named here.
  if (!problem || status >= 500) return undefined
  const reason = slug(p.reason)
  const what = `${status} ${problem}${reason ? `, ${reason}` : ''}`
  if (problem === 'client-forbidden')
    return new UpstreamStatusError(
      status,
      `twitter refused the bearer_token (${what}): use the bearer token of an app in a project with X API access (the X developer console)`,
      undefined,
      true,
    )
  return new UpstreamStatusError(status, `twitter answered with status ${status} (${problem})`)
}
