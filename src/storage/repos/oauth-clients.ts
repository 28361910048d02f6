import { eq, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { oauthClients, oauthGrants, oauthRequests } from '../tables/oauth'

export type OAuthClientRow = typeof oauthClients.$inferSelect

// docs/oauth.md#clients: the registered clients, those no user allowed, and the operator's list.
export const oauthClientQueries = (db: Db) => ({
  findClient: (id: string) => db.select().from(oauthClients).where(eq(oauthClients.id, id)).get(),
  async saveClient(row: OAuthClientRow) {
    const { id: _, ...rest } = row
    await db.insert(oauthClients).values(row).onConflictDoUpdate({ target: oauthClients.id, set: rest })
  },

  /** Registered clients no user has allowed (no grant), created before `beforeIso` or at all. */
  async unusedClients(beforeIso?: string): Promise<number> {
    const row = await db.get<{ n: number }>(
      sql`select count(*) as n from oauth_clients c where not exists (select 1 from oauth_grants g where g.client_id = c.id)
        ${beforeIso === undefined ? sql`` : sql`and c.created_at < ${beforeIso}`}`,
    )
    return row?.n ?? 0
  },
  async removeUnusedClients(beforeIso: string) {
    await db.run(
      sql`delete from oauth_clients where created_at < ${beforeIso}
        and not exists (select 1 from oauth_grants g where g.client_id = oauth_clients.id)`,
    )
  },
  /** Every client, with how many users allowed it (the operator's list). */
  listClients: () =>
    db.all<{ id: string; name: string; source: string; created_at: string; grants: number; redirect_uris: string }>(
      sql`select c.id, c.name, c.source, c.created_at, c.redirect_uris,
        (select count(*) from oauth_grants g where g.client_id = c.id) as grants
        from oauth_clients c order by c.created_at`,
    ),
  /** Removes a client with its grants and, by cascade, their codes and tokens. */
  async removeClient(id: string): Promise<boolean> {
    const [, , removed] = await db.batch([
      db.delete(oauthRequests).where(eq(oauthRequests.clientId, id)),
      db.delete(oauthGrants).where(eq(oauthGrants.clientId, id)),
      db.delete(oauthClients).where(eq(oauthClients.id, id)).returning({ id: oauthClients.id }),
    ])
    return removed.length > 0
  },
})
