import { eq, sql } from 'drizzle-orm'
import { inCountedCall } from '../../lib/counted-call'
import type { GroupCommit } from '../engine/group-commit'
import type { Db } from '../engine/types'
import { scoreCache } from '../tables/score-cache'

// ?1 key, ?2 the answer as JSON, ?3 when. The same statement as the table's insert, whose result is JSON text.
const PUT = 'INSERT INTO score_cache (key, result, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING'

/**
 * `writes`: the quota's group commit. A counted call's answer goes with the other calls' quota writes of its turn, in
 * one transaction: on a libSQL server each write of its own was a round trip, one after another, so 20 calls at once
 * waited for 20 of them after their takes (docs/operations.md#a-slow-link-to-the-database). Answers stored by
 * `serve`'s own work (polling) stay background writes.
 */
export function createScoreCacheRepo(db: Db, writes: GroupCommit) {
  const byKey = db
    .select({ result: scoreCache.result })
    .from(scoreCache)
    .where(eq(scoreCache.key, sql.placeholder('key')))
    .prepare()
  return {
    async get(key: string): Promise<unknown | undefined> {
      return (await byKey.get({ key }))?.result
    },
    async put(key: string, result: unknown, at: string) {
      if (inCountedCall()) await writes.execute({ sql: PUT, args: [key, JSON.stringify(result), at] })
      else await db.insert(scoreCache).values({ key, result, createdAt: at }).onConflictDoNothing()
    },
  }
}
