import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { type ConsoleUser, sessionOf } from '../../domain/sessions/sessions'
import { AppError } from '../../errors'
import { getOrAdd } from '../../lib/get-or-add'
import { readJsonBody } from '../../wire/body'
import { sessionTokenOf } from './cookie'

const SAFE_METHODS = new Set(['GET', 'HEAD'])
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])

/**
 * docs/console.md#cross-site-requests: a request that changes something must come from a page of this service.
 * Browsers say where a request comes from (Sec-Fetch-Site, else Origin); a form or script on another site cannot
 * hide it, and a request that says nothing is refused.
 */
export function fromThisSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site) return site === 'same-origin'
  const origin = request.headers.get('origin')
  if (!origin) return false
  try {
    return new URL(origin).host === request.headers.get('host')
  } catch {
    return false
  }
}

type Found = { viewer: Promise<ConsoleUser | undefined>; body?: Promise<unknown> }

/**
 * The checks of every console route, in order: the request comes from this site (403), then the session (401), then
 * a JSON body (400, read as the API reads it), then the route's fields. `signedIn: false` (signing in) skips the
 * session. Elysia reads a body before anything else, so, as in ../checks.ts, the parser only starts the checks and
 * `derive` awaits them in order. Console calls are never counted.
 */
export const consoleChecks = (deps: Deps, a: { signedIn: boolean }) => {
  const found = new WeakMap<Request, Found>()
  const of = (request: Request): Found =>
    getOrAdd(found, request, () => {
      const site = SAFE_METHODS.has(request.method) || fromThisSite(request)
      const viewer = site
        ? a.signedIn
          ? sessionOf(deps, sessionTokenOf(request))
          : Promise.resolve(undefined)
        : Promise.reject(new AppError('forbidden', 'this request did not come from a page of this service'))
      viewer.catch(() => {})
      return { viewer }
    })
  return new Elysia()
    .onParse({ as: 'scoped' }, ({ request, contentType }) => {
      // Only a route that changes something with what it is sent reads a body; DELETE names its target in the path.
      if (!WITH_BODY.has(request.method)) return {}
      const f = of(request)
      f.body = f.viewer.then(() => readJsonBody(request, { contentType, maxBytes: deps.config.server.max_body_bytes }))
      f.body.catch(() => {})
      return f.body.catch(() => ({}))
    })
    .derive({ as: 'scoped' }, async ({ request, set }) => {
      set.headers['cache-control'] = 'no-store'
      const f = of(request)
      const viewer = await f.viewer
      await f.body
      return { viewer: viewer as ConsoleUser }
    })
}
