import * as v from 'valibot'
import type { Deps } from '../../deps'
import { usageReport } from '../../domain/quota/report'
import { UsageReport } from '../../wire/usage'
import { defineTool } from '../tool'

/** `GET /api/v1/usage`, counted exactly when the endpoint is (`api.count_usage_endpoint`, docs/api.md#what-is-counted). */
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
      const quota =
        limit === null
          ? `${used} requests used, no monthly limit`
          : `${used} of ${limit} requests used, ${remaining} left`
      return {
        result: report,
        summary: `Team ${report.team} on the ${report.plan} plan: ${quota}; ${report.credits} credits; resets ${resetsAt}.`,
      }
    },
  })
}
