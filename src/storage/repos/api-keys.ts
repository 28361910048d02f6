import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { apiKeys } from '../tables/api-keys'
import { teams } from '../tables/teams'

export function createApiKeysRepo(db: Db) {
  // Prepared once: this lookup runs on every authenticated request.
  const byHash = db
    .select({ key: { id: apiKeys.id, revokedAt: apiKeys.revokedAt, lastUsedAt: apiKeys.lastUsedAt }, team: teams })
    .from(apiKeys)
    .innerJoin(teams, eq(teams.id, apiKeys.teamId))
    .where(eq(apiKeys.hash, sql.placeholder('hash')))
    .prepare()
  return {
    async insert(row: typeof apiKeys.$inferInsert) {
      await db.insert(apiKeys).values(row)
    },
    async findByHash(hash: string) {
      return byHash.get({ hash })
    },
    async listForTeam(teamId: string) {
      return db
        .select({
          prefix: apiKeys.prefix,
          label: apiKeys.label,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.teamId, teamId))
        .orderBy(asc(apiKeys.createdAt))
        .all()
    },
    /** Returns whether an active key with that prefix existed. */
    async revoke(teamId: string, prefix: string, at: string): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.teamId, teamId), eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id })
      return rows.length > 0
    },
    async touch(id: string, at: string) {
      await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id))
    },
  }
}
