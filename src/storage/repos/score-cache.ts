import { eq, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { scoreCache } from '../tables/score-cache'

export function createScoreCacheRepo(db: Db) {
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
      await db.insert(scoreCache).values({ key, result, createdAt: at }).onConflictDoNothing()
    },
  }
}
