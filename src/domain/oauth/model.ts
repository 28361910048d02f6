import OAuth2Server from '@node-oauth/oauth2-server'
import type { GrantRow, OAuthTokenRow } from '../../storage/repos/oauth'
import { newId } from '../../lib/ids'
import { sha256Hex } from '../../lib/hash'
import type { Needs } from '../needs'
import { isClientRedirect } from './built-in-client'
import { clientFor, type OAuthClient, secretMatches } from './clients'
import { sameResource } from './resources'
import { justReplaced } from './rotation-grace'
import { scopesOf } from './scopes'

type ModelDeps = Needs<'clock' | 'config', 'oauth'>
/**
 * What the request being answered says beyond its form: the service's address it came to (docs/oauth.md#public-url;
 * the built-in client's redirect URI is made from it), a token request's resource, scope and redirect URI, or, for
 * the user's answer to an authorization request, the client the request was checked against when it was made.
 */
export type ModelOptions = {
  base: string
  resource?: string
  scope?: string
  redirectUri?: string
  client?: OAuthClient
}
/**
 * Who a code or token acts for, as it travels through the library: the grant, the family, the resource, and the
 * hash of the code or refresh token being exchanged (`from`), which must still be there when the new tokens are.
 */
export type TokenUser = {
  id: string
  grantId: string
  familyId: string
  resource: string
  from?: string
  // The scope of the code or refresh token exchanged: a new refresh token keeps it when the client asked for a
  // narrower access token (RFC 6749 §6).
  fromScope?: string[]
  // Codes: whether the authorization request named its redirect URI (else the token request need not).
  redirectUriGiven?: boolean
  // Codes: the grant the user's Allow makes or widens, saved only with the code (saveGrantWithCode).
  grant?: GrantRow
}

// The library checks expiry against the system clock; ours is checked here, against the service's clock (which
// tests move), and the library is given a date it passes.
const FAR_FUTURE = new Date(8.64e15)
const CODE_MS = 5 * 60_000

const invalidTarget = () =>
  new OAuth2Server.OAuthError('the resource is not the one this grant was issued for', {
    code: 400,
    name: 'invalid_target',
  })

/**
 * The storage side of @node-oauth/oauth2-server (docs/oauth.md#tokens): clients, codes and tokens by their SHA-256.
 * Codes and refresh tokens are marked used rather than deleted, so that a replay is recognised and ends the family
 * of tokens it belongs to. `resource`, when the token request names one, must name the grant's (RFC 8707): the MCP
 * address and the base are one resource.
 */
export function createModel(deps: ModelDeps, a: ModelOptions) {
  const now = () => deps.clock.now().getTime()
  const { access_token_minutes, refresh_token_days } = deps.config.oauth
  const rowFor = (user: TokenUser, kind: OAuthTokenRow['kind'], value: string, scope: string[], ms: number) => ({
    hash: sha256Hex(value),
    kind,
    grantId: user.grantId,
    familyId: user.familyId,
    clientId: '',
    scope: scope.join(' '),
    resource: user.resource,
    expiresAt: now() + ms,
    usedAt: null,
    redirectUri: null,
    redirectUriGiven: null,
    codeChallenge: null,
  })
  const usable = async (value: string, kind: 'code' | 'refresh') => {
    const found = await deps.repos.oauth.findToken(sha256Hex(value), kind)
    if (!found) return undefined
    // A used one is a replay whether or not it has expired since: housekeeping keeps it while its family lives.
    if (found.token.usedAt !== null && !(await justReplaced(deps, found.token, now()))) {
      await deps.repos.oauth.removeFamily(found.token.familyId)
      return undefined
    }
    if (found.token.expiresAt <= now()) return undefined
    if (a.resource !== undefined && !sameResource(a.resource, found.token.resource)) throw invalidTarget()
    const { token } = found
    const user: TokenUser = {
      id: found.userId,
      grantId: token.grantId,
      familyId: token.familyId,
      resource: token.resource,
      from: token.hash,
      fromScope: token.scope.split(' '),
    }
    return { token, user, client: { id: token.clientId, grants: [] }, scope: token.scope.split(' ') }
  }
  const useOnce = async (value: string, familyOf: () => Promise<string | undefined>) => {
    if (await deps.repos.oauth.useOnce(sha256Hex(value), now())) return true
    // Another request of the client used it a moment ago (codes have no such grace).
    const used = await deps.repos.oauth.findToken(sha256Hex(value), 'refresh')
    if (used && (await justReplaced(deps, used.token, now()))) return true
    const family = await familyOf()
    if (family) await deps.repos.oauth.removeFamily(family)
    return false
  }

  return {
    async getClient(clientId: string, secret: string | null) {
      // At the user's answer, the client is the one the request was made for (held since): reading its document again
      // could fail on a document server that is down, after the request was used up (docs/oauth.md#consent).
      const client =
        a.client?.id === clientId ? a.client : await clientFor(deps, clientId, a.base).catch(() => undefined)
      if (!client || (secret !== null && !secretMatches(client, secret))) return false
      return { id: client.id, redirectUris: client.redirectUris, grants: ['authorization_code', 'refresh_token'] }
    },
    async validateScope(_user: unknown, client: { id: string }, scope?: string[]) {
      const stored = await deps.repos.oauth.findClient(client.id)
      return scopesOf(scope?.join(' '), stored?.scope ?? null) ?? false
    },
    async validateRedirectUri(uri: string, client: { id: string; redirectUris?: string | string[] }) {
      return isClientRedirect(client, uri)
    },
    async saveAuthorizationCode(code: OAuth2Server.AuthorizationCode, client: OAuth2Server.Client, user: TokenUser) {
      const { grant, ...rest } = user
      const family = { ...rest, familyId: newId('fam') }
      const row = {
        ...rowFor(family, 'code', code.authorizationCode, code.scope ?? [], CODE_MS),
        clientId: client.id,
        redirectUri: code.redirectUri,
        redirectUriGiven: user.redirectUriGiven ?? true,
        codeChallenge: code.codeChallenge ?? null,
      }
      if (grant) await deps.repos.oauth.saveGrantWithCode(grant, row)
      else await deps.repos.oauth.insertTokens([row])
      return { ...code, client, user: family }
    },
    async getAuthorizationCode(code: string) {
      const found = await usable(code, 'code')
      if (!found) return false
      const { token, user, client, scope } = found
      const challenge = { codeChallenge: token.codeChallenge ?? undefined, codeChallengeMethod: 'S256' }
      // RFC 6749 §4.1.3: the token request must name the redirect URI when the authorization request did; the
      // library asks it whenever the code has one, so a code whose request named none is given none, unless the
      // token request names one anyway, which must then be the URI the code went to.
      const checked = token.redirectUriGiven !== false || a.redirectUri !== undefined
      return {
        authorizationCode: code,
        expiresAt: FAR_FUTURE,
        redirectUri: checked ? (token.redirectUri ?? '') : '',
        scope,
        client,
        user,
        ...challenge,
      }
    },
    revokeAuthorizationCode: (code: OAuth2Server.AuthorizationCode) =>
      useOnce(code.authorizationCode, async () => (code.user as TokenUser).familyId),
    async saveToken(token: OAuth2Server.Token, client: OAuth2Server.Client, user: TokenUser) {
      const scope = token.scope ?? []
      const access = {
        ...rowFor(user, 'access', token.accessToken, scope, access_token_minutes * 60_000),
        clientId: client.id,
      }
      const refreshMs = refresh_token_days * 86_400_000
      const refresh = token.refreshToken && {
        ...rowFor(user, 'refresh', token.refreshToken, user.fromScope ?? scope, refreshMs),
        clientId: client.id,
      }
      await deps.repos.oauth.insertTokens(refresh ? [access, refresh] : [access])
      // Two requests with the same code or refresh token at once both read it as unused; the one that loses the race
      // to mark it used ends the family, which may happen before the winner's tokens are written. Every order of the
      // two is caught by checking, after writing, that the token exchanged is still there: if not, the new tokens go.
      if (user.from && !(await deps.repos.oauth.tokenExists(user.from))) {
        await deps.repos.oauth.removeFamily(user.familyId)
        throw new OAuth2Server.InvalidGrantError('the grant was ended: its code or refresh token was used twice')
      }
      const accessTokenExpiresAt = new Date(access.expiresAt)
      return { ...token, accessTokenExpiresAt, scope, client, user }
    },
    async getRefreshToken(refreshToken: string) {
      const found = await usable(refreshToken, 'refresh')
      if (!found) return false
      const { user, client, scope } = found
      // The library checks a narrower scope only after it has used the token up; a scope the grant lacks is refused
      // here first, so the client's retry is not taken for a replay that ends the family (docs/oauth.md#tokens).
      const asked = a.scope?.split(' ').filter(Boolean) ?? []
      if (asked.some((s) => !scope.includes(s)))
        throw new OAuth2Server.InvalidScopeError('the scope asked for is not within the grant')
      return { refreshToken, scope, client, user }
    },
    revokeToken: (token: OAuth2Server.RefreshToken) =>
      useOnce(token.refreshToken, async () => (token.user as TokenUser).familyId),
  }
}
