import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../deps'
import { requireApiKey } from '../auth'
import { LegacyErrorBody } from '../schemas'

const TestApiReply = v.object({ success: v.literal(true), message: v.string() })

/** The earlier unversioned routes (spec 4.5, 4.6); their errors are `{success: false, error}`. */
export const legacyRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/routes', detail: { tags: ['earlier routes'] } })
    .use(requireApiKey(deps))
    .get('/test-api', ({ caller }) => ({ success: true as const, message: `API key is valid for team "${caller.team.name}"` }), {
      response: { 200: TestApiReply, 401: LegacyErrorBody, 403: LegacyErrorBody },
      detail: { summary: 'Check an API key (never counted)', security: [{ apiKey: [] }] },
    })
