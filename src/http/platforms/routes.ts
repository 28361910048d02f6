import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { platformStatus } from '../../domain/sources/status'
import { apiChecks } from '../checks'
import { ErrorBody } from '../../wire/common'
import { NoQuery } from '../validated'
import { PlatformList } from '../../wire/platforms'

export const platformsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['platforms'] } })
    .use(apiChecks(deps))
    .get('/platforms', ({ caller }) => platformStatus(deps, caller), {
      query: NoQuery,
      response: { 200: PlatformList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 500: ErrorBody },
      detail: {
        summary: 'Source health: configured, on your plan, last success and failure, rate-limit wait',
        description:
          'Never counted against the quota. `retryAt`: a rate-limit answer asked to wait until then; keyword polling does not call the source before it.',
        security: [{ apiKey: [] }],
      },
    })
