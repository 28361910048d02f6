import { and, desc, eq, gt, gte, isNull, lte, ne, not, or, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { oauthClients, oauthGrants, oauthRequests, oauthTokens } from '../tables/oauth'
import { teams } from '../tables/teams'
import { users } from '../tables/users'
import { lastUseWrites } from './last-use'
import { oauthClientQueries } from './oauth-clients'

export type { OAuthClientRow } from './oauth-clients'
type OAuthRequestRow = typeof oauthRequests.$inferSelect
export type OAuthTokenRow = typeof oauthTokens.$inferSelect
export type GrantRow = { id: string; userId: string; clientId: string; scope: string; createdAt: string }

// docs/oauth.md: clients, requests waiting for consent, grants (connected apps), codes and tokens.
export function createOAuthRepo(db: Db) {
  // At most once a minute, also for requests that arrive together (last-use.ts); as many grants as keys remembered.
  const uses = lastUseWrites(
    (id, at) => db.update(oauthGrants).set({ lastUsedAt: at }).where(eq(oauthGrants.id, id)),
    10_000,
  )
  return {
    ...oauthClientQueries(db),
    /** Keeps a request for the user's decision; expired ones go in the same batch, so they never pile up. */
    async insertRequest(row: OAuthRequestRow, nowMs: number) {
      await db.batch([
        db.delete(oauthRequests).where(lte(oauthRequests.expiresAt, nowMs)),
        db.insert(oauthRequests).values(row),
      ])
    },
    pendingRequests(nowMs: number): Promise<number> {
      return db.$count(oauthRequests, gt(oauthRequests.expiresAt, nowMs))
    },
    findRequest: (id: string, nowMs: number) =>
      db
        .select()
        .from(oauthRequests)
        .where(and(eq(oauthRequests.id, id), gt(oauthRequests.expiresAt, nowMs)))
        .get(),
    /** A request is answered once: the first "Allow" or "Deny" takes it. */
    takeRequest: (id: string, nowMs: number) =>
      db
        .delete(oauthRequests)
        .where(and(eq(oauthRequests.id, id), gt(oauthRequests.expiresAt, nowMs)))
        .returning()
        .get(),

    /** A user's grant to a client, if there is one: its id and scope. */
    findGrant: (userId: string, clientId: string) =>
      db
        .select({ id: oauthGrants.id, scope: oauthGrants.scope })
        .from(oauthGrants)
        .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.clientId, clientId)))
        .get(),
    /**
     * A user's Allow: the grant (one per user and client: allowing again sets its scopes and keeps its id) and the code
     * issued under it, in one batch, so that neither is kept without the other. The code is filed under the grant as
     * stored, whatever id the caller expected it to have (two answers for one user and client at once).
     */
    async saveGrantWithCode(grant: GrantRow, code: OAuthTokenRow) {
      const grantOf = sql`(select id from oauth_grants where user_id = ${grant.userId} and client_id = ${grant.clientId})`
      await db.batch([
        db
          .insert(oauthGrants)
          .values(grant)
          .onConflictDoUpdate({
            target: [oauthGrants.userId, oauthGrants.clientId],
            set: { scope: grant.scope, createdAt: grant.createdAt },
          }),
        db.insert(oauthTokens).values({ ...code, grantId: grantOf }),
      ])
    },
    listGrants: (teamId: string) =>
      db
        .select({
          id: oauthGrants.id,
          userId: oauthGrants.userId,
          email: users.email,
          clientId: oauthGrants.clientId,
          clientName: oauthClients.name,
          scope: oauthGrants.scope,
          createdAt: oauthGrants.createdAt,
          lastUsedAt: oauthGrants.lastUsedAt,
        })
        .from(oauthGrants)
        .innerJoin(users, eq(users.id, oauthGrants.userId))
        .leftJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
        .where(eq(users.teamId, teamId))
        .orderBy(desc(oauthGrants.createdAt))
        .all(),
    /** Deletes a grant and, by cascade, every code and token issued under it. */
    async removeGrant(id: string) {
      const gone = await db.delete(oauthGrants).where(eq(oauthGrants.id, id)).returning({ id: oauthGrants.id })
      return gone.length > 0
    },
    /** Ends every grant of a user (a new password) and, by cascade, their codes and tokens. */
    async removeGrantsForUser(userId: string) {
      await db.delete(oauthGrants).where(eq(oauthGrants.userId, userId))
    },
    touchGrant: uses.touch,
    /** The grant's last use: what its row said, or the later use this process wrote or is writing. */
    grantLastUse: uses.lastUse,

    async insertTokens(rows: OAuthTokenRow[]) {
      await db.insert(oauthTokens).values(rows)
    },
    findToken: (hash: string, kind: OAuthTokenRow['kind']) =>
      db
        .select({ token: oauthTokens, userId: oauthGrants.userId })
        .from(oauthTokens)
        .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
        .where(and(eq(oauthTokens.hash, hash), eq(oauthTokens.kind, kind)))
        .get(),
    /** Whether a code or token is still stored: none of an ended family is. */
    async tokenExists(hash: string) {
      const row = await db.select({ hash: oauthTokens.hash }).from(oauthTokens).where(eq(oauthTokens.hash, hash)).get()
      return row !== undefined
    },
    /** Marks a code or refresh token used; false when it already was (a replay, or a concurrent use). */
    async useOnce(hash: string, nowMs: number) {
      const used = await db
        .update(oauthTokens)
        .set({ usedAt: nowMs })
        .where(and(eq(oauthTokens.hash, hash), isNull(oauthTokens.usedAt)))
        .returning({ hash: oauthTokens.hash })
      return used.length > 0
    },
    /** Whether a refresh token of the family other than `hash` was used at `sinceMs` or later (rotation-grace.ts). */
    async otherRefreshUsedSince(familyId: string, sinceMs: number, hash: string) {
      const row = await db
        .select({ hash: oauthTokens.hash })
        .from(oauthTokens)
        .where(
          and(
            eq(oauthTokens.familyId, familyId),
            eq(oauthTokens.kind, 'refresh'),
            gte(oauthTokens.usedAt, sinceMs),
            ne(oauthTokens.hash, hash),
          ),
        )
        .get()
      return row !== undefined
    },
    async removeFamily(familyId: string) {
      await db.delete(oauthTokens).where(eq(oauthTokens.familyId, familyId))
    },
    /** An access token that has not expired, with the grant, user and team it acts for. */
    findAccess: (hash: string, nowMs: number) =>
      db
        .select({ token: oauthTokens, grantId: oauthGrants.id, lastUsedAt: oauthGrants.lastUsedAt, team: teams })
        .from(oauthTokens)
        .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
        .innerJoin(users, eq(users.id, oauthGrants.userId))
        .innerJoin(teams, eq(teams.id, users.teamId))
        .where(and(eq(oauthTokens.hash, hash), eq(oauthTokens.kind, 'access'), gt(oauthTokens.expiresAt, nowMs)))
        .get(),
    /**
     * Expired codes and tokens, but a used code or refresh token only once its whole family has expired: until then a
     * replay of it must still end the family (RFC 9700 §4.14.2, docs/oauth.md#tokens), however long ago it expired.
     */
    async removeExpired(nowMs: number) {
      const liveFamily = sql`exists (select 1 from oauth_tokens live where live.family_id = ${oauthTokens.familyId}
        and live.expires_at > ${nowMs})`
      await db.batch([
        db
          .delete(oauthTokens)
          .where(and(lte(oauthTokens.expiresAt, nowMs), or(isNull(oauthTokens.usedAt), not(liveFamily)))),
        db.delete(oauthRequests).where(lte(oauthRequests.expiresAt, nowMs)),
      ])
    },
  }
}
