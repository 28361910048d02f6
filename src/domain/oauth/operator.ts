import { AppError } from '../../errors'
import type { Needs } from '../needs'

/** The operator's view of OAuth clients (docs/oauth.md#clients): who registered, and how many users allowed each. */
export async function listClients(deps: Needs<never, 'oauth'>) {
  return (await deps.repos.oauth.listClients()).map((c) => ({
    id: c.id,
    name: c.name,
    source: c.source,
    createdAt: c.created_at,
    grants: Number(c.grants),
    redirectUris: JSON.parse(c.redirect_uris) as string[],
  }))
}

/** Removes a client, its users' grants and every code and token issued to it. */
export async function removeClient(deps: Needs<never, 'oauth'>, id: string) {
  if (!(await deps.repos.oauth.removeClient(id))) throw new AppError('not_found', `no OAuth client ${id}`)
}
