import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { platformStatus } from '../../domain/sources/status'
import { apiChecks } from '../checks'
import { keyedErrors } from '../../wire/common'
import { NoQuery, answers } from '../validated'
import { PlatformList } from '../../wire/platforms'
import { apiSecurity } from '../api-security'

export const platformsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['platforms'] } })
    .use(apiChecks(deps, null))
    .get('/platforms', ({ caller }) => platformStatus(deps, caller), {
      query: NoQuery,
      response: answers(deps.config, { 200: PlatformList, ...keyedErrors }),
      detail: {
        summary: 'Source health: configured, on your plan, last success and failure, rate-limit wait, request budget',
        description:
          'Never counted against the quota. `retryAt`: a rate-limit answer asked to wait until then, or the source announced to any server on the database that no request remains until then; no search is sent to the source before it. `retryWhy`: what the source announced (rate limited, for a 429 held for the credentials that met it; null when `retryAt` is that of another refused search, whose message is `lastError`). `warning`: something to know although searches succeed. `budget`: the requests this server may send the source per window (shared by live searches and polling), how many this window has used and when it resets. `nextPollAt`: the first scheduled polling pass that may search it (null when polling is off or the source is not configured).',
        security: apiSecurity(null),
      },
    })
