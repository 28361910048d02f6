import { AppError } from '../../errors'
import { sha256Hex } from '../../lib/hash'
import type { Caller } from '../core/caller'
import type { Needs } from '../needs'
import { noApiAccess, planOf } from '../core/plans'
import { isOurResource } from './resources'

const TOUCH_EVERY_MS = 60_000
const SHAPE = /^[0-9a-f]{64}$/

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
  const invalid = () =>
    new AppError('invalid_api_key', 'the access token is not valid (unknown, expired, revoked or for another service)')
  if (!SHAPE.test(token)) throw invalid()
  const now = deps.clock.now()
  const found = await deps.repos.oauth.findAccess(sha256Hex(token), now.getTime())
  if (!found || !isOurResource(base, found.token.resource)) throw invalid()
  const plan = planOf(deps.config, found.team.plan)
  if (!plan.api_access) throw noApiAccess(deps.config, found.team)
  if (!found.lastUsedAt || now.getTime() - Date.parse(found.lastUsedAt) >= TOUCH_EVERY_MS)
    deps.repos.oauth
      .touchGrant(found.grantId, now.toISOString())
      .catch((err) => deps.log.warn('grant_touch_failed', { err }))
  return { team: found.team, plan, scopes: found.token.scope.split(' ') }
}
