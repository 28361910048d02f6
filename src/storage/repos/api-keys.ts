import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { remember } from '../../lib/bounded-map'
import type { CommitWatch } from '../commit-watch'
import type { Db } from '../db'
import { apiKeys } from '../tables/api-keys'
import { teams } from '../tables/teams'

// Keys whose lookups are remembered at once; past that, the one remembered longest ago is forgotten.
const KEYS_KEPT = 10_000

/**
 * `commits` (a local file only): a key's lookup is then remembered for as long as nothing at all is committed to
 * the database, by this process or any other (docs/performance.md#cached-keys), so a revocation, a plan change or
 * a charge counts from the next request on, in every process, exactly as without it.
 */
export function createApiKeysRepo(db: Db, commits?: CommitWatch) {
  // Prepared once: this lookup runs on every authenticated request that the cache does not answer.
  const byHash = db
    .select({ key: { id: apiKeys.id, revokedAt: apiKeys.revokedAt, lastUsedAt: apiKeys.lastUsedAt }, team: teams })
    .from(apiKeys)
    .innerJoin(teams, eq(teams.id, apiKeys.teamId))
    .where(eq(apiKeys.hash, sql.placeholder('hash')))
    .prepare()
  type Found = NonNullable<Awaited<ReturnType<typeof byHash.get>>>
  const remembered = new Map<string, { epoch: number; found: Found }>()
  return {
    async insert(row: typeof apiKeys.$inferInsert) {
      await db.insert(apiKeys).values(row)
    },
    /** The key and its team; shared between callers while remembered, so frozen. */
    async findByHash(hash: string): Promise<Found | undefined> {
      // Taken before the lookup: a commit landing between the two moves the epoch, and the next request looks again.
      const epoch = commits?.epoch() ?? null
      if (epoch === null) return byHash.get({ hash })
      const hit = remembered.get(hash)
      if (hit?.epoch === epoch) return hit.found
      const found = await byHash.get({ hash })
      if (found) remember(remembered, hash, { epoch, found: frozen(found) }, KEYS_KEPT)
      return found
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

const frozen = <T extends { key: object; team: object }>(found: T): T => {
  Object.freeze(found.key)
  Object.freeze(found.team)
  return Object.freeze(found)
}
