import OAuth2Server from '@node-oauth/oauth2-server'
import type { Needs } from '../needs'
import { createModel, type ModelOptions } from './model'

/**
 * The grant logic is @node-oauth/oauth2-server's (docs/architecture.md#how-oauth-is-built): codes and tokens from its
 * random generator, PKCE checked in constant time after the code is used up, refresh tokens replaced on each use, and
 * `plain` PKCE refused. Public clients (no secret) are the rule for assistants, so client authentication is asked
 * only of clients registered with a secret (checked in the model's getClient).
 */
export function oauthServer(deps: Needs<'clock' | 'config', 'oauth'>, a: ModelOptions) {
  const { access_token_minutes, refresh_token_days } = deps.config.oauth
  // The library calls getAccessToken only when it authenticates a request itself; bearer tokens are checked by
  // access-token.ts instead (against the service's clock and the resource), so the model has no such method.
  const model = createModel(deps, a) as unknown as OAuth2Server.AuthorizationCodeModel
  return new OAuth2Server({
    model,
    accessTokenLifetime: access_token_minutes * 60,
    refreshTokenLifetime: refresh_token_days * 86_400,
    authorizationCodeLifetime: 300,
    allowEmptyState: true,
    alwaysIssueNewRefreshToken: true,
    requireClientAuthentication: { authorization_code: false, refresh_token: false },
  })
}
