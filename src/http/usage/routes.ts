import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { usageReport } from '../../domain/quota/report'
import { apiChecks } from '../checks'
import { countedErrors } from '../../wire/common'
import { NoQuery, answers } from '../validated'
import { UsageReport } from '../../wire/usage'
import { API_SECURITY } from '../api-security'

export const usageRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['usage'] } })
    .use(apiChecks(deps, 'usage:read'))
    .get('/usage', ({ caller }) => usageReport(deps, caller), {
      query: NoQuery,
      response: answers(deps.config, { 200: UsageReport, ...countedErrors }),
      detail: {
        summary: 'Plan, monthly usage, credits and searchable platforms',
        description: 'Not counted against the quota unless `api.count_usage_endpoint` is set.',
        security: API_SECURITY,
      },
    })
