import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { authorizationServerMetadata, protectedResourceMetadata } from '../../domain/oauth/metadata'
import { publicBase } from '../../domain/oauth/resources'
import { CORS, READ, wrongMethod } from './answers'

/**
 * Discovery (docs/oauth.md#discovery): the authorization server's metadata (RFC 8414) and the protected resources'
 * (RFC 9728), for the service as a whole and for the MCP endpoint. Readable from any origin, as browser-based
 * clients fetch them.
 */
export const wellKnownRoutes = (deps: Deps) => {
  const base = (request: Request) => publicBase(deps.config, request.url)
  const json = (body: unknown) => Response.json(body, { headers: { ...CORS, 'cache-control': 'max-age=3600' } })
  const registration = { dynamicRegistration: deps.config.oauth.dynamic_registration }
  return (
    new Elysia({ prefix: '/.well-known', detail: { hide: true } })
      .get('/oauth-authorization-server', ({ request }) =>
        json(authorizationServerMetadata(base(request), registration)),
      )
      .get('/oauth-protected-resource', ({ request }) => json(protectedResourceMetadata(base(request), 'api')))
      .get('/oauth-protected-resource/mcp', ({ request }) => json(protectedResourceMetadata(base(request), 'mcp')))
      // After each document's GET, so that only the other methods (a browser's preflight among them) reach these.
      .all('/oauth-authorization-server', wrongMethod(READ))
      .all('/oauth-protected-resource', wrongMethod(READ))
      .all('/oauth-protected-resource/mcp', wrongMethod(READ))
  )
}
