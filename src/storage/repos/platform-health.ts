import { sql } from 'drizzle-orm'
import { errorWords } from '../../lib/error-words'
import type { Db } from '../engine/types'
import { platformHealth } from '../tables/platform-health'

type HealthRow = typeof platformHealth.$inferSelect

// docs/console.md#sources-not-answering: a success ends the run of failures, unless a failure later than it is
// already written (a search that started before the failure and ended after); the columns read are the stored ones.
const endRun = sql`CASE WHEN ${platformHealth.lastFailureAt} > excluded.last_success_at THEN ${platformHealth.failingSince} END`
// A failure keeps the run's start while that run is still after the last success; otherwise it starts one.
const keepRun = sql`CASE WHEN ${platformHealth.failingSince} > COALESCE(${platformHealth.lastSuccessAt}, '')
  THEN ${platformHealth.failingSince} ELSE excluded.failing_since END`

export function createPlatformHealthRepo(db: Db) {
  return {
    /** `warning`: what the connector says the operator should know (null clears an earlier one). */
    async recordSuccess(platform: string, at: string, warning: string | null = null) {
      await db
        .insert(platformHealth)
        .values({ platform, lastSuccessAt: at, warning })
        .onConflictDoUpdate({
          target: platformHealth.platform,
          set: { lastSuccessAt: at, retryAt: null, warning, failingSince: endRun },
        })
    },
    /** A stream heard from upstream: the time of its last success only; its searches' wait and warning stay. */
    async recordHeard(platform: string, at: string) {
      await db
        .insert(platformHealth)
        .values({ platform, lastSuccessAt: at })
        .onConflictDoUpdate({ target: platformHealth.platform, set: { lastSuccessAt: at, failingSince: endRun } })
    },
    /**
     * `retryAt`: a rate-limit answer asked to wait until then (ISO 8601 UTC); polling does not call before it. `error`
     * may quote the platform: kept as one bounded line (errorWords).
     */
    async recordFailure(platform: string, at: string, error: string, retryAt?: string) {
      const set = { lastFailureAt: at, lastError: errorWords(error), ...(retryAt ? { retryAt } : {}) }
      await db
        .insert(platformHealth)
        .values({ platform, ...set, failingSince: at })
        .onConflictDoUpdate({ target: platformHealth.platform, set: { ...set, failingSince: keepRun } })
    },
    async list(): Promise<HealthRow[]> {
      return db.select().from(platformHealth).all()
    },
  }
}
