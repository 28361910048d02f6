import { Elysia } from 'elysia'
import { answers } from '../validated'
import * as v from 'valibot'
import { errorBody } from '../../wire/common'
import type { Deps } from '../../deps'
import { readiness as checkReadiness } from '../../domain/health/readiness'

const Alive = v.object({ status: v.literal('ok') })
// `degraded`: jobs that run but cannot do their work for a cause outside this server (docs/api.md#health).
const Ready = v.object({ status: v.literal('ready'), degraded: v.optional(v.array(v.string())) })
const NotReady = v.object({ status: v.literal('not_ready'), reason: v.string() })
// A request announcing a body over server.max_body_bytes is refused before any route (docs/api.md#order-of-checks).
const tooLarge = { 413: errorBody(413) }

/**
 * For load balancers and orchestrators, without a key: `/healthz` answers while the process runs (it touches
 * nothing, not even the database); `/readyz` answers 200 only when the database can be read and written and has
 * this version's migrations, else 503 with the reason.
 */
export const healthRoutes = (deps: Deps) =>
  new Elysia({ name: 'health', detail: { tags: ['health'] } })
    .onAfterHandle(({ set }) => {
      set.headers['cache-control'] = 'no-store'
    })
    .get('/healthz', () => ({ status: 'ok' as const }), {
      response: answers(deps.config, { 200: Alive, ...tooLarge }),
      detail: {
        summary: 'Liveness: the process answers',
        description:
          '200 {"status":"ok"} while the process runs: it reads nothing, not even the database, so an ' +
          'orchestrator restarts only a process that has stopped answering. No key; never counted. ' +
          'Whether it can serve is /readyz ([docs/api.md#health](/docs/api#health)).',
      },
    })
    .get(
      '/readyz',
      async ({ set }) => {
        const readiness = await checkReadiness(deps)
        if (readiness.ready)
          return { status: 'ready' as const, ...(readiness.degraded && { degraded: readiness.degraded }) }
        set.status = 503
        return { status: 'not_ready' as const, reason: readiness.reason }
      },
      {
        response: answers(deps.config, { 200: Ready, 503: NotReady, ...tooLarge }),
        detail: {
          summary: 'Readiness: the database can be read and written and is migrated',
          description:
            '200 {"status":"ready"} when the database answers within 2 s, can be written and has exactly this ' +
            "version's migrations; `degraded` then names jobs that run but cannot do their work for an outside " +
            'cause (a stream that cannot read its platform), which do not take the server out of service. ' +
            'Otherwise 503 {"status":"not_ready"} with the reason in words, never a host or path: send this ' +
            'instance no traffic until it is ready again. No key; never counted ([docs/api.md#health](/docs/api#health)).',
        },
      },
    )
