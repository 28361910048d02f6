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

function bearerOf(header: string | null): string | undefined {
  if (!header) return undefined
  const m = /^Bearer +(\S+) *$/i.exec(header)
  if (!m) throw new AppError('invalid_token', 'the Authorization header must be "Bearer <access token>"')
  return m[1]
}
