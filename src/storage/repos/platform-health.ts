import type { Db } from '../db'
import { platformHealth } from '../tables/platform-health'

export type HealthRow = typeof platformHealth.$inferSelect

export function createPlatformHealthRepo(db: Db) {
  return {
    async recordSuccess(platform: string, at: string) {
      await db.insert(platformHealth).values({ platform, lastSuccessAt: at })
        .onConflictDoUpdate({ target: platformHealth.platform, set: { lastSuccessAt: at, retryAt: null } })
    },
    async recordFailure(platform: string, at: string, error: string) {
      await db.insert(platformHealth).values({ platform, lastFailureAt: at, lastError: error })
        .onConflictDoUpdate({ target: platformHealth.platform, set: { lastFailureAt: at, lastError: error } })
    },
    /** A rate-limit answer asked us to wait until `at` (ISO 8601 UTC). */
    async deferUntil(platform: string, at: string) {
      await db.insert(platformHealth).values({ platform, retryAt: at })
        .onConflictDoUpdate({ target: platformHealth.platform, set: { retryAt: at } })
    },
    async list(): Promise<HealthRow[]> {
      return db.select().from(platformHealth).all()
    },
  }
}
