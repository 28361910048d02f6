import { and, asc, eq, gte } from 'drizzle-orm'
import type { Db } from '../engine/types'
import type { GroupCommit } from '../engine/group-commit'
import { quietWrite } from '../engine/quiet-writes'
import { usageDays } from '../tables/usage-days'
import { COUNTS_WRITTEN_EVERY_MS } from './unlimited-takes'

// ?1 team, ?2 day, ?3 calls to add. Quiet (docs/performance.md#quiet-writes): no remembered key lookup holds it.
const ADD = quietWrite(`INSERT INTO usage_days (team_id, day, calls) VALUES (?1, ?2, ?3)
  ON CONFLICT (team_id, day) DO UPDATE SET calls = calls + ?3`)

/**
 * Counted calls per team and UTC day (docs/console.md#usage). Every counted request adds one, so additions are summed
 * per team and day in memory and written every COUNTS_WRITTEN_EVERY_MS, as an unlimited plan's units are, through
 * the same group commit (`writes` is the usage repository's): a busy server arms both timers in the same turn, so
 * they fire together and share one transaction.
 */
export function createUsageDaysRepo(db: Db, writes: GroupCommit) {
  let due = new Map<string, { teamId: string; day: string; calls: number }>()
  let written: Promise<unknown> = Promise.resolve()

  function flush() {
    const batch = [...due.values()]
    due = new Map()
    // A lost addition only makes the chart lower by one call; the quota itself is counted elsewhere.
    written = Promise.all([
      written,
      ...batch.map((e) => writes.execute({ sql: ADD, args: [e.teamId, e.day, e.calls] }).catch(() => undefined)),
    ]).then(() => undefined) // as in usage.ts: no chain of earlier results kept
    return written
  }

  return {
    add(teamId: string, day: string) {
      const key = `${teamId}\u0000${day}`
      const entry = due.get(key)
      if (entry) entry.calls++
      else due.set(key, { teamId, day, calls: 1 })
      if (due.size === 1 && !entry) setTimeout(flush, COUNTS_WRITTEN_EVERY_MS).unref()
    },
    /** Writes what is still summed in memory (tests, shutdown). */
    flush,
    async since(teamId: string, firstDay: string) {
      return db
        .select({ day: usageDays.day, calls: usageDays.calls })
        .from(usageDays)
        .where(and(eq(usageDays.teamId, teamId), gte(usageDays.day, firstDay)))
        .orderBy(asc(usageDays.day))
        .all()
    },
  }
}
