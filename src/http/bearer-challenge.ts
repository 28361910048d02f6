import { resourceMetadataUrl } from '../domain/oauth/metadata'
import { MCP_SCOPES } from '../domain/oauth/scopes'
import type { AppError } from '../errors'

/**
 * The `WWW-Authenticate` header of a 401 or 403 from the API or the MCP endpoint (RFC 6750, RFC 9728): where the
 * client finds the resource's metadata and so the authorization server, and for a token what was wrong with it
 * (docs/oauth.md#discovery). The JSON error body is sent as well.
 */
export function bearerChallenge(failure: AppError, path: string, base: string): string | undefined {
  // The earlier routes take tokens as /api/v1 does (docs/oauth.md#scopes), so their refusals say the same. The router
  // serves /mcp/ as /mcp, so a client given that address must find the same challenge there.
  const which = /^\/mcp\/?$/.test(path) ? 'mcp' : /^\/api\/(v1|routes)\//.test(path) ? 'api' : undefined
  if (!which) return undefined
  const metadata = `resource_metadata="${resourceMetadataUrl(base, which)}"`
  // MCP's authorization asks a 401 to name the scopes to request; a client that finds none asks for all the metadata
  // lists. The API's routes each need another, so only /mcp names them.
  const scope = which === 'mcp' ? `scope="${MCP_SCOPES.join(' ')}", ` : ''
  switch (failure.kind) {
    case 'missing_api_key':
      return `Bearer ${scope}${metadata}`
    case 'invalid_api_key':
    case 'invalid_token':
      return `Bearer error="invalid_token", ${scope}${metadata}`
    case 'insufficient_scope':
      return `Bearer error="insufficient_scope", scope="${failure.extra.reason}", ${metadata}`
  }
  return undefined
}
