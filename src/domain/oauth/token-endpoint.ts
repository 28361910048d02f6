import OAuth2Server from '@node-oauth/oauth2-server'
import { sha256Hex } from '../../lib/hash'
import type { Needs } from '../needs'
import { authenticateClient, type ClientCheck } from './client-auth'
import { requestedResource } from './resources'
import { withoutOfflineAccess } from './scopes'
import { oauthServer } from './server'

type TokenDeps = Needs<'clock' | 'config', 'oauth'>
export type OAuthAnswer = { status: number; body: Record<string, unknown>; headers: Record<string, string> }

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

/**
 * POST /oauth/token (docs/oauth.md#tokens): the authorization code and refresh token grants, through the library.
 * Each `resource` (RFC 8707 §2 allows several) must name this service, the one the grant was issued for (checked in
 * the model).
 */
export async function exchangeToken(
  deps: TokenDeps,
  base: string,
  form: Record<string, string>,
  headers: Record<string, string>,
  resources: string[] = form.resource === undefined ? [] : [form.resource],
): Promise<OAuthAnswer> {
  const named = requestedResource(base, resources)
  if ('refused' in named) return refused('invalid_target', named.refused)
  const { resource } = named
  // RFC 6749 §5.2. Before the library, which would first ask a public client for the credentials other grants need.
  if (!form.grant_type) return refused('invalid_request', 'grant_type is required')
  if (!GRANTS.includes(form.grant_type))
    return refused('unsupported_grant_type', `grant_type must be ${GRANTS.join(' or ')}`)
  // RFC 6749 §2.3: one way of authenticating. With HTTP Basic the library reads only the header and would let the
  // form name another client_id or carry a client_secret of its own; refused here as the revocation endpoint does.
  if (/^basic /i.test(headers.authorization ?? '')) {
    const client = await authenticateClient(deps, form, headers.authorization, base)
    if (!client.ok) return clientRefused(client)
  }
  // offline_access asks for the refresh token every grant gets (docs/oauth.md#scopes): dropped before the library,
  // which would refuse a refresh naming a scope its grant lacks; nothing else named is a refresh of the whole scope.
  const { scope: asked, ...rest } = form
  const scope = asked === undefined ? undefined : withoutOfflineAccess(asked) || undefined
  const body = scope === undefined ? rest : { ...rest, scope }
  const request = new OAuth2Server.Request({ method: 'POST', headers, query: {}, body })
  const response = new OAuth2Server.Response({ headers: {} })
  try {
    await oauthServer(deps, { base, resource, scope, redirectUri: form.redirect_uri }).token(request, response)
  } catch (err) {
    if (!(err instanceof OAuth2Server.OAuthError)) throw err
    if (err.code >= 500) throw err
    // A redirect_uri other than the authorization request's is a wrong grant (RFC 6749 §5.2), which the library
    // calls a malformed request. The code is used up either way.
    if (err instanceof OAuth2Server.InvalidRequestError && /`redirect_uri` is invalid/.test(err.message))
      return refused('invalid_grant', 'redirect_uri is not the one the code was issued for')
    // One left out, when the authorization request named it (RFC 6749 §4.1.3), the library calls not a valid URI.
    if (
      err instanceof OAuth2Server.InvalidRequestError &&
      form.redirect_uri === undefined &&
      /`redirect_uri`/.test(err.message)
    )
      return refused(
        'invalid_request',
        'redirect_uri is required: the authorization request named one, so name the same here',
      )
    // draft-ietf-oauth-v2-1 §4.1.3 requires code_verifier for a code issued with a challenge (every code here), and
    // §3.2.4 calls a missing parameter invalid_request; the library says invalid_grant. The code is used up too.
    if (err instanceof OAuth2Server.InvalidGrantError && /missing parameter: `code_verifier`/i.test(err.message))
      return refused('invalid_request', 'code_verifier is required: the authorization request carried a code_challenge')
    // Otherwise the library has put the error's name and description in the response.
  }
  return {
    status: response.status ?? 200,
    body: response.body as Record<string, unknown>,
    headers: { ...response.headers, ...NO_STORE },
  }
}

const GRANTS = ['authorization_code', 'refresh_token']

const refused = (error: string, description: string): OAuthAnswer => ({
  status: 400,
  body: { error, error_description: description },
  headers: NO_STORE,
})

/**
 * POST /oauth/revoke (RFC 7009): ends the token's family (the refresh token and the access tokens issued with it).
 * The client authenticates as at the token endpoint; then the answer is 200 whether or not the token was known or
 * was its own, so it tells nothing about other clients' tokens.
 */
export async function revokeToken(
  deps: TokenDeps,
  base: string,
  form: Record<string, string>,
  authorization: string | null,
): Promise<OAuthAnswer> {
  const client = await authenticateClient(deps, form, authorization, base)
  if (!client.ok) return clientRefused(client)
  if (!form.token) return refused('invalid_request', 'token is required')
  const hash = sha256Hex(form.token)
  const found =
    (await deps.repos.oauth.findToken(hash, 'refresh')) ?? (await deps.repos.oauth.findToken(hash, 'access'))
  if (found && found.token.clientId === client.clientId) await deps.repos.oauth.removeFamily(found.token.familyId)
  return { status: 200, body: {}, headers: NO_STORE }
}

const clientRefused = (client: Extract<ClientCheck, { ok: false }>): OAuthAnswer => ({
  status: client.status,
  body: { error: client.status === 401 ? 'invalid_client' : 'invalid_request', error_description: client.error },
  // RFC 6749 §5.2: a client that tried HTTP Basic is told which scheme to use.
  headers: client.basic && client.status === 401 ? { ...NO_STORE, 'www-authenticate': 'Basic' } : NO_STORE,
})
