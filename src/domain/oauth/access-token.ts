import { AppError } from '../../errors'
import { sha256Hex } from '../../lib/hash'
import type { Caller } from '../core/caller'
import type { Needs } from '../needs'
import { noApiAccess, planOf } from '../core/plans'
import { isOurResource } from './resources'

const TOUCH_EVERY_MS = 60_000
const SHAPE = /^[0-9a-f]{64}$/

// Unknown, expired and revoked read the same: the store keeps no expired or revoked token to tell them apart by.
const notValid = () =>
  new AppError(
    'invalid_token',
    'the access token is not valid (unknown, expired or revoked): get a new one with your refresh token ' +
      '(POST /oauth/token, grant_type=refresh_token), or ask the user again',
  )

/**
 * A bearer token in place of a key (docs/oauth.md#tokens): known, not expired, issued for this service, and its
 * grant not revoked (revoking deletes the tokens, so the lookup finds nothing at once). It then acts for the team of
 * the user who allowed it, with the same plan check as a key and the scopes of the grant.
 */
export async function authenticateBearer(
  deps: Needs<'clock' | 'config' | 'log', 'oauth'>,
  token: string,
  base: string,
): Promise<Caller> {
  if (!SHAPE.test(token)) throw notValid()
  const now = deps.clock.now()
  const found = await deps.repos.oauth.findAccess(sha256Hex(token), now.getTime())
  if (!found) throw notValid()
  if (!isOurResource(base, found.token.resource))
    throw new AppError(
      'invalid_token',
      `the access token was issued for ${found.token.resource}, and this server was reached as ${base}: ` +
        'ask for a token at the address your requests go to',
    )
  const plan = planOf(deps.config, found.team.plan)
  if (!plan.api_access) throw noApiAccess(deps.config, found.team)
  const last = deps.repos.oauth.grantLastUse(found.grantId, found.lastUsedAt)
  if (!last || now.getTime() - Date.parse(last) >= TOUCH_EVERY_MS)
    deps.repos.oauth
      .touchGrant(found.grantId, now.toISOString())
      .catch((err) => deps.log.warn('grant_touch_failed', { err }))
  return { team: found.team, plan, scopes: found.token.scope.split(' ') }
}
