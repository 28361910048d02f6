import { Elysia } from 'elysia'
import type { Deps } from '../deps'
import { authenticate, type Caller } from '../domain/keys/authenticate'
import { getOrAdd } from '../lib/get-or-add'
import { readJsonBody } from '../wire/body'

type CheckDeps = Pick<Deps, 'config' | 'clock' | 'log' | 'repos'>
/** What the checks found for one request: the caller, and the body or why it was refused. */
type Found = { caller: Promise<Caller>; body?: Promise<unknown> }

/**
 * The order of checks of every API route, written once (docs/api.md#order-of-checks):
 *   1. the key (401), then the plan's API access (403): `authenticate`;
 *   2. a JSON body: content type, size (413), not empty, depth, syntax (400): `readJsonBody`;
 *   3. the fields (400): the route's own schema, which Elysia checks after this plugin;
 *   4. the rest (platform on the plan, configured, quota) in the route's domain function.
 * Elysia reads the body first of all and turns whatever its parser throws into a generic parse error, so the parser
 * here only starts both checks; `derive` then awaits them in the order above, so a bad key is reported before a bad body.
 */
export const apiChecks = (deps: CheckDeps) => {
  const found = new WeakMap<Request, Found>()
  const of = (request: Request): Found =>
    getOrAdd(found, request, () => ({ caller: authenticate(deps, request.headers.get('x-api-key')) }))
  return new Elysia()
    .onParse({ as: 'scoped' }, ({ request, contentType }) => {
      const f = of(request)
      // The body is read only for a caller that passed step 1, and its outcome is kept for `derive` to report.
      f.body = f.caller.then(() => readJsonBody(request, { contentType, maxBytes: deps.config.server.max_body_bytes }))
      f.body.catch(() => {})
      return f.body.catch(() => ({}))
    })
    .derive({ as: 'scoped' }, async ({ request }) => {
      const f = of(request)
      const caller = await f.caller
      await f.body
      return { caller }
    })
}
