import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { usageReport } from '../../domain/quota/report'
import { apiChecks } from '../checks'
import { countedErrors, keyedErrors } from '../../wire/common'
import { NoQuery, answers } from '../validated'
import { UsageReport } from '../../wire/usage'
import { described } from '../../wire/answer-fields-about'
import { apiSecurity } from '../api-security'

export const usageRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['usage'] } })
    .use(apiChecks(deps, 'usage:read'))
    .get('/usage', ({ caller }) => usageReport(deps, caller), {
      query: NoQuery,
      // 429 only where this server counts the report (docs/api.md#what-is-counted).
      response: answers(deps.config, {
        200: described(
          UsageReport,
          deps.config.api.count_usage_endpoint
            ? "The team's plan, this month's usage and credits; 1 request counted, which the figures include."
            : "The team's plan, this month's usage and credits; not counted.",
        ),
        ...(deps.config.api.count_usage_endpoint ? countedErrors : keyedErrors),
      }),
      detail: {
        summary: 'Plan, monthly usage, credits and searchable platforms',
        description: 'Not counted against the quota unless `api.count_usage_endpoint` is set.',
        security: apiSecurity('usage:read'),
      },
    })
