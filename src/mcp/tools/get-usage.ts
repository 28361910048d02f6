import * as v from 'valibot'
import type { Deps } from '../../deps'
import { usageReport } from '../../domain/quota/report'
import { UsageReport } from '../../wire/usage'
import { defineTool, plural } from '../tool'

/**
 * `GET /api/v1/usage`, counted exactly when the endpoint is (`api.count_usage_endpoint`, docs/api.md#what-is-counted).
 */
export function getUsageTool(deps: Deps) {
  const counted = deps.config.api.count_usage_endpoint
  return defineTool({
    name: 'get_usage',
    title: 'Usage and plan',
    description:
      "The team's plan, this month's usage (used, limit and remaining requests; null means unlimited), " +
      'when the quota resets (UTC), the pay-as-you-go credits spent after the quota, and the platforms on the plan. ' +
      (counted ? 'This server counts it as 1 request.' : 'Free: never counted.'),
    input: v.strictObject({}),
    output: UsageReport,
    counted,
    scope: 'usage:read',
    openWorld: false,
    async run(caller) {
      const report = await usageReport(deps, caller)
      const { used, limit, remaining, resetsAt } = report.usage
      const head = `Team ${report.team} on the ${report.plan} plan`
      if (limit === 0) return { result: report, summary: `${head}, ${creditPlanWords(deps, report)}` }
      const credits = plural(report.credits, 'credit')
      // Calls past the monthly requests are paid from credits and counted in `used` too: "3 of 1 requests used, 0
      // left" read as a team over a limit it may not pass (docs/api.md#monthly-quota-then-credits).
      if (limit !== null && used > limit) {
        const past = `${plural(used, 'call')} this month, past the plan's ${plural(limit, 'monthly request')}`
        return {
          result: report,
          summary: `${head}: ${past}, so calls are paid from credits; ${credits} left; resets ${resetsAt}.`,
        }
      }
      const quota =
        limit === null
          ? `${used} requests used, no monthly limit`
          : `${used} of ${limit} requests used, ${remaining} left`
      return { result: report, summary: `${head}: ${quota}; ${credits}; resets ${resetsAt}.` }
    },
  })
}

/**
 * A plan without monthly requests is paid from credits alone (docs/api.md#plans): "1 of 0 requests used, 0 left"
 * read as a plan with nothing left. It is said as it is: calls this month, credits left, and the plan's top-up.
 */
function creditPlanWords(deps: Deps, report: v.InferOutput<typeof UsageReport>): string {
  const { used, resetsAt } = report.usage
  const topUp = deps.config.plans[report.plan]?.monthly_credits ?? 0
  return (
    `a credit plan (no monthly requests, one credit a call): ${plural(used, 'call')} this month; ${plural(report.credits, 'credit')} left` +
    (topUp > 0
      ? `, topped up to ${topUp} at the start of each month (UTC); next top-up ${resetsAt}.`
      : ", with no monthly top-up: the service's operator adds more.")
  )
}
