import { Elysia } from 'elysia'
import type { Deps } from '../deps'
import { identifyCaller } from '../domain/oauth/identify'
import type { Scope } from '../domain/oauth/scopes'
import { credentialsOf } from '../wire/credentials'
import { checksBeforeBody } from './checks-before-body'

type CheckDeps = Pick<Deps, 'config' | 'clock' | 'log' | 'repos'>

/**
 * The order of checks of every API route, written once (docs/api.md#order-of-checks):
 *   1. the key or OAuth token (401), the plan's API access (403), the token's scope for the route (403):
 *      `identifyCaller`;
 *   2. a JSON body: content type, size (413), not empty, depth, syntax (400): `readJsonBody`;
 *   3. the fields (400): the route's own schema, which Elysia checks after this plugin;
 *   4. the rest (platform on the plan, configured, quota) in the route's domain function.
 * Steps 1 and 2 run in that order through checks-before-body.ts, so a bad key is reported before a bad body.
 */
export const apiChecks = (deps: CheckDeps, scope: Scope | null, a: { readsBody: boolean } = { readsBody: true }) => {
  const checks = checksBeforeBody((request) => identifyCaller(deps, credentialsOf(deps.config, request), scope), {
    maxBodyBytes: deps.config.server.max_body_bytes,
  })
  return (
    new Elysia()
      // Routes that only name their target in the path (DELETE, actions such as a test or a replay) read no body.
      .onParse({ as: 'scoped' }, ({ request, contentType }) =>
        a.readsBody && request.method !== 'DELETE' ? checks.parse(request, contentType) : {},
      )
      .derive({ as: 'scoped' }, async ({ request }) => ({ caller: await checks.settled(request) }))
  )
}
