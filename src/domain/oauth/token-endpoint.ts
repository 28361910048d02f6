import OAuth2Server from '@node-oauth/oauth2-server'
import { sha256Hex } from '../../lib/hash'
import type { Needs } from '../needs'
import { isOurResource } from './resources'
import { oauthServer } from './server'

type TokenDeps = Needs<'clock' | 'config', 'oauth'>
export type OAuthAnswer = { status: number; body: Record<string, unknown>; headers: Record<string, string> }

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

/**
 * POST /oauth/token (docs/oauth.md#tokens): the authorization code and refresh token grants, through the library.
 * A `resource` must name this service, and the one the grant was issued for (checked in the model).
 */
export async function exchangeToken(
  deps: TokenDeps,
  base: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<OAuthAnswer> {
  if (form.resource !== undefined && !isOurResource(base, form.resource))
    return {
      status: 400,
      body: { error: 'invalid_target', error_description: 'the resource is not this service' },
      headers: NO_STORE,
    }
  const request = new OAuth2Server.Request({ method: 'POST', headers, query: {}, body: form })
  const response = new OAuth2Server.Response({ headers: {} })
  try {
    await oauthServer(deps, { resource: form.resource, scope: form.scope }).token(request, response)
  } catch (err) {
    if (!(err instanceof OAuth2Server.OAuthError)) throw err
    // The library has put the error's name and description in the response.
    if (err.code >= 500) throw err
  }
  return {
    status: response.status ?? 200,
    body: response.body as Record<string, unknown>,
    headers: { ...response.headers, ...NO_STORE },
  }
}

/**
 * POST /oauth/revoke (RFC 7009): ends the token's family (the refresh token and the access tokens issued with it).
 * The answer is 200 whether or not the token was known, so it tells nothing about other clients' tokens.
 */
export async function revokeToken(deps: TokenDeps, form: Record<string, string>): Promise<OAuthAnswer> {
  const hash = form.token ? sha256Hex(form.token) : undefined
  const found =
    hash && ((await deps.repos.oauth.findToken(hash, 'refresh')) ?? (await deps.repos.oauth.findToken(hash, 'access')))
  if (found && found.token.clientId === form.client_id) await deps.repos.oauth.removeFamily(found.token.familyId)
  return { status: 200, body: {}, headers: NO_STORE }
}
