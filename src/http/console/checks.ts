import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { type ConsoleUser, sessionOf } from '../../domain/sessions/sessions'
import { AppError } from '../../errors'
import { checksBeforeBody } from '../checks-before-body'
import { overHttps, sessionTokenOf } from './cookie'

const SAFE_METHODS = new Set(['GET', 'HEAD'])
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])

/**
 * docs/console.md#cross-site-requests: a request that changes something must come from a page of this service.
 * Browsers say where a request comes from (Sec-Fetch-Site, else Origin); a form or script on another site cannot
 * hide it, and a request that says nothing is refused. An Origin is this service's when it is `server.public_url`
 * (compared as an origin), which a reverse proxy that rewrites Host still reaches, or when its host is the Host.
 */
function fromThisSite(request: Request, publicUrl: string): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site) return site === 'same-origin'
  const origin = request.headers.get('origin')
  if (!origin) return false
  try {
    const url = new URL(origin)
    if (publicUrl !== '' && url.origin === new URL(publicUrl).origin) return true
    return url.host === request.headers.get('host')
  } catch {
    return false
  }
}

/**
 * The checks of every console route, in order: the request comes from this site (403), then the session (401), then
 * a JSON body (400, read as the API reads it, see ../checks-before-body.ts), then the route's fields.
 * `signedIn: false` (signing in) skips the session. Console calls are never counted, but for a try of the scorer
 * (score-routes.ts), which is the API's score route.
 */
export const consoleChecks = (deps: Deps, a: { signedIn: boolean }) => {
  const checks = checksBeforeBody(
    async (request, peer): Promise<ConsoleUser | undefined> => {
      if (!SAFE_METHODS.has(request.method) && !fromThisSite(request, deps.config.server.public_url))
        throw new AppError('forbidden', 'this request did not come from a page of this service')
      if (!a.signedIn) return undefined
      return sessionOf(deps, sessionTokenOf(request, overHttps(request, deps.config.server, peer)))
    },
    { maxBodyBytes: deps.config.server.max_body_bytes },
  )
  return new Elysia()
    .onParse({ as: 'scoped' }, ({ request, contentType, server }) =>
      // Only a route that changes something with what it is sent reads a body; DELETE names its target in the path.
      WITH_BODY.has(request.method) ? checks.parse(request, contentType, server?.requestIP(request)?.address) : {},
    )
    .derive({ as: 'scoped' }, async ({ request, server, set }) => {
      set.headers['cache-control'] = 'no-store'
      return { viewer: (await checks.settled(request, server?.requestIP(request)?.address)) as ConsoleUser }
    })
}
