import { ALL_SCOPES, MCP_SCOPES } from './scopes'
import { resourcesOf } from './resources'

/** RFC 8414 authorization server metadata (docs/oauth.md#discovery). */
export function authorizationServerMetadata(base: string, a: { dynamicRegistration: boolean }) {
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    revocation_endpoint: `${base}/oauth/revoke`,
    ...(a.dynamicRegistration ? { registration_endpoint: `${base}/oauth/register` } : {}),
    scopes_supported: ALL_SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    service_documentation: `${base}/docs`,
  }
}

/**
 * RFC 9728 protected resource metadata, for the MCP endpoint or for the service as a whole. The MCP endpoint's lists
 * the scopes its tools need, as its 401 does: a client with no challenge to read asks for these (MCP's authorization),
 * and webhooks:manage, which no tool uses, would let an assistant's token redirect the team's leads.
 */
export function protectedResourceMetadata(base: string, which: 'mcp' | 'api') {
  return {
    resource: resourcesOf(base)[which],
    authorization_servers: [base],
    scopes_supported: which === 'mcp' ? MCP_SCOPES : ALL_SCOPES,
    bearer_methods_supported: ['header'],
    resource_name: which === 'mcp' ? 'lead-signals MCP server' : 'lead-signals API',
    resource_documentation: `${base}/docs`,
  }
}

/** Where a client finds the metadata of a resource, for the `WWW-Authenticate` header of a 401 or 403. */
export const resourceMetadataUrl = (base: string, which: 'mcp' | 'api') =>
  `${base}/.well-known/oauth-protected-resource${which === 'mcp' ? '/mcp' : ''}`
