import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../deps'
import { platformStatus } from '../../domain/search/platform-status'
import { requireApiKey } from '../auth'
import { ErrorBody } from '../schemas'

const PlatformStatus = v.object({
  platform: v.string(),
  configured: v.boolean(),
  inPlan: v.boolean(),
  earlierRouteOnly: v.boolean(),
  lastSuccessAt: v.nullable(v.string()),
  lastFailureAt: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
  retryAt: v.nullable(v.string()),
})

export const platformsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['platforms'] } })
    .use(requireApiKey(deps))
    .get('/platforms', ({ caller }) => platformStatus(deps, caller), {
      response: { 200: v.object({ platforms: v.array(PlatformStatus) }), 401: ErrorBody, 403: ErrorBody, 500: ErrorBody },
      detail: {
        summary: 'Source health: configured, on your plan, last success and failure, rate-limit wait',
        description: 'Never counted against the quota. `retryAt`: a rate-limit answer asked to wait until then; keyword polling does not call the source before it.',
        security: [{ apiKey: [] }],
      },
    })
