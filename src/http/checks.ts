import { Elysia } from 'elysia'
import type { Deps } from '../deps'
import { authenticate } from '../domain/keys/authenticate'
import { checksBeforeBody } from './checks-before-body'

type CheckDeps = Pick<Deps, 'config' | 'clock' | 'log' | 'repos'>

/**
 * The order of checks of every API route, written once (docs/api.md#order-of-checks):
 *   1. the key (401), then the plan's API access (403): `authenticate`;
 *   2. a JSON body: content type, size (413), not empty, depth, syntax (400): `readJsonBody`;
 *   3. the fields (400): the route's own schema, which Elysia checks after this plugin;
 *   4. the rest (platform on the plan, configured, quota) in the route's domain function.
 * Steps 1 and 2 run in that order through checks-before-body.ts, so a bad key is reported before a bad body.
 */
export const apiChecks = (deps: CheckDeps) => {
  const checks = checksBeforeBody((request) => authenticate(deps, request.headers.get('x-api-key')), {
    maxBodyBytes: deps.config.server.max_body_bytes,
  })
  return new Elysia()
    .onParse({ as: 'scoped' }, ({ request, contentType }) => checks.parse(request, contentType))
    .derive({ as: 'scoped' }, async ({ request }) => ({ caller: await checks.settled(request) }))
}
