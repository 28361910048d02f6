import { count } from 'drizzle-orm'
import type { Db } from '../../engine/types'
import { type SignalFilter, shapeOf } from './filter-shape'
import { countWhere } from './queries'
import { firstEquality, through } from './lead-index'

/**
 * How many of the team's signals `f` keeps (the list's total, docs/api.md#signals). A count seeks the index of its
 * first equality filter (keyword, platform, intent), which holds the score, the date and `dismissed` too, so the count
 * reads that index alone; any other equality filter is a seek into its own index (lead-index.ts). Left to itself, with
 * `since` SQLite took signals_published_idx and read every row published since then from the table: 0.4-0.6 s on
 * 100,000 signals against under 5 ms with one filter (docs/performance.md#what-storing-a-signal-costs), and 1.3-1.9 s
 * against 1-28 ms with two on 200,000 (docs/performance.md#two-filters-at-once).
 */
export function countQuery(db: Db, teamId: string, f: SignalFilter) {
  return db
    .select({ n: count() })
    .from(through(firstEquality(shapeOf(f, false, false))))
    .where(countWhere(teamId, f))
}
