import { Elysia } from 'elysia'
import { answers } from '../validated'
import * as v from 'valibot'
import { errorBody } from '../../wire/common'
import type { Deps } from '../../deps'
import { readiness as checkReadiness } from '../../domain/health/readiness'

const Alive = v.pipe(
  v.object({ status: v.pipe(v.literal('ok'), v.description('Always ok: the process answers.')) }),
  v.description('The process runs.'),
)
// `degraded`: jobs that run but cannot do their work for a cause outside this server (docs/api.md#health).
const Ready = v.pipe(
  v.object({
    status: v.pipe(v.literal('ready'), v.description('Always ready on a 200.')),
    degraded: v.optional(
      v.pipe(
        v.array(v.string()),
        v.description(
          'Jobs that run but cannot do their work for a cause outside this server (a stream that cannot read its ' +
            'platform), each in words; absent when there are none.',
        ),
      ),
    ),
  }),
  v.description("The database answers, can be written and has exactly this version's migrations: send traffic."),
)
const NotReady = v.pipe(
  v.object({
    status: v.pipe(v.literal('not_ready'), v.description('Always not_ready on a 503.')),
    reason: v.pipe(
      v.string(),
      v.description('Why, in words (disk full, migrations pending, …); never a host or path.'),
    ),
  }),
  v.description('The database cannot serve (or did not answer within 2 s): send this instance no traffic for now.'),
)
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
