import { AppError } from '../../errors'
import { echoed } from '../../lib/text'
import type { Needs } from '../needs'
import type { ConsoleUser } from '../sessions/sessions'
import { builtInClientName } from './built-in-client'

/** Settings → Connected apps (docs/oauth.md#connected-apps): what the team's users allowed, newest first. */
export async function listConnectedApps(deps: Needs<never, 'oauth'>, viewer: ConsoleUser) {
  const grants = await deps.repos.oauth.listGrants(viewer.team.id)
  return grants.map((g) => ({
    id: g.id,
    client: g.clientName ?? builtInClientName(g.clientId) ?? g.clientId,
    clientId: g.clientId,
    allowedBy: g.email,
    scopes: g.scope.split(' '),
    allowedAt: g.createdAt,
    lastUsedAt: g.lastUsedAt,
    mine: g.userId === viewer.user.id,
  }))
}

/** Revokes a connection: its tokens stop at once. A user revokes their own; an owner anyone's in the team. */
export async function revokeConnectedApp(deps: Needs<never, 'oauth'>, viewer: ConsoleUser, id: string) {
  const grant = (await deps.repos.oauth.listGrants(viewer.team.id)).find((g) => g.id === id)
  // The id asked for is named as every 404 of an id does (docs/api.md#error-codes), shown as echoed() shows it.
  if (!grant) throw new AppError('not_found', `the team has no connected app ${echoed(id)}`)
  if (grant.userId !== viewer.user.id && viewer.user.role !== 'owner')
    throw new AppError('forbidden', "only an owner can disconnect another user's app")
  return deps.repos.oauth.removeGrant(id)
}
