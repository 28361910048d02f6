import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../deps'
import { usageReport } from '../../domain/quota/report'
import { requireApiKey } from '../auth'
import { countedErrors, UsageCounters } from '../schemas'

const UsageReport = v.object({
  team: v.string(),
  plan: v.string(),
  usage: v.object({ ...UsageCounters.entries, month: v.string(), resetsAt: v.string() }),
  credits: v.number(),
  availablePlatforms: v.array(v.string()),
})

export const usageRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['usage'] } })
    .use(requireApiKey(deps))
    .get('/usage', ({ caller }) => usageReport(deps, caller), {
      response: { 200: UsageReport, ...countedErrors },
      detail: {
        summary: 'Plan, monthly usage, credits and searchable platforms',
        description: 'Not counted against the quota unless `api.count_usage_endpoint` is set.',
        security: [{ apiKey: [] }],
      },
    })
