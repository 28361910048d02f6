import { AppError } from '../../errors'
import type { Needs } from '../needs'
import type { Caller } from '../core/caller'
import { authenticate } from '../keys/authenticate'
import { looksLikeApiKey } from '../keys/api-key'
import { authenticateBearer } from './access-token'
import { requireScope, type Scope } from './scopes'

/** `base`: the service's address (docs/oauth.md#public-url), made when an OAuth token asks for it. */
export type Credentials = { apiKey: string | null; authorization: string | null; base: () => string }

/**
 * The caller of an API or MCP request (docs/api.md#authentication): an `x-api-key`, or `Authorization: Bearer` with
 * an OAuth access token (a key sent as a bearer token is read as a key, for clients that can only send that
 * header). Then the scope the route needs, before anything else about the request (docs/api.md#order-of-checks).
 */
export async function identifyCaller(
  deps: Needs<'clock' | 'config' | 'log', 'apiKeys' | 'oauth'>,
  c: Credentials,
  scope: Scope | null,
): Promise<Caller> {
  const bearer = c.apiKey?.trim() ? undefined : bearerOf(c.authorization)
  const caller =
    bearer === undefined || looksLikeApiKey(bearer)
      ? await authenticate(deps, bearer ?? c.apiKey)
      : await authenticateBearer(deps, bearer, c.base())
  requireScope(caller.scopes, scope)
  return caller
}

/**
 * The token of `Authorization: Bearer`. Another scheme (Basic, or a bare value) is one this API does not take, so the
 * request is answered as one without a credential (RFC 6750 §3.1): missing_api_key, whose challenge names no error,
 * and nothing inside the header is read or repeated. So is `Bearer` with no token after it (`Bearer $TOKEN`, the
 * variable unset): no credential was sent, and error="invalid_token" would have an OAuth client throw away a token
 * it never sent. A malformed Bearer header (two words) is a bad token.
 */
function bearerOf(header: string | null): string | undefined {
  if (!header) return undefined
  if (!/^Bearer(\s|$)/i.test(header)) {
    const basic = /^Basic(\s|$)/i.test(header) ? 'HTTP Basic authentication is not accepted: ' : ''
    throw new AppError(
      'missing_api_key',
      `${basic}send your API key in the x-api-key header, or an OAuth access token as Authorization: Bearer`,
    )
  }
  if (/^Bearer\s*$/i.test(header))
    throw new AppError(
      'missing_api_key',
      'the Authorization header has no token after Bearer: send your API key in the x-api-key header, or an OAuth access token as Authorization: Bearer <token>',
    )
  const m = /^Bearer +(\S+) *$/i.exec(header)
  if (!m) throw new AppError('invalid_token', 'the Authorization header must be "Bearer <access token>"')
  return m[1]
}
