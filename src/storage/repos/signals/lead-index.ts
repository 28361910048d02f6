import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { signals } from '../../tables/signals'
import type { FilterShape } from './filter-shape'

/** The filters that lead an index of their own (tables/signals.ts), in the order one is picked to walk. */
export type Equality = 'keyword' | 'platform' | 'intent'
const EQUALITIES: Equality[] = ['keyword', 'platform', 'intent']

/**
 * With two or three of keyword, platform and intent, the filter whose index a list, its anchors and its count walk:
 * the keyword (a team tracks many), else the platform (19, against 5 intents). Left to itself SQLite walked every
 * signal of the team in signals_list_idx, or with `since` read every row since then from the table
 * (docs/performance.md#two-filters-at-once). Undefined with fewer than two: one filter's index is the planner's own
 * choice, and none, the list index.
 */
export function leadOf(shape: Pick<FilterShape, Equality>): Equality | undefined {
  const present = EQUALITIES.filter((column) => shape[column])
  return present.length >= 2 ? present[0] : undefined
}

/** The first of keyword, platform and intent that `shape` filters on: the index a count seeks (count.ts). */
export const firstEquality = (shape: Pick<FilterShape, Equality>) => EQUALITIES.find((column) => shape[column])

// A constant name, never a value: `indexed by` takes no placeholder.
const indexOf = (column: Equality) => sql.raw(`signals_${column}_idx`)

/**
 * A row's sort key, as SQL, not columns: drizzle refuses a table's columns from a `from` it did not write (through).
 */
export const SORT_KEY = {
  score: sql<number>`${signals.score}`,
  publishedAt: sql<string>`${signals.publishedAt}`,
  id: sql<string>`${signals.id}`,
}

/** `signals` read through `column`'s index, or as SQLite chooses without one. */
export const through = (column: Equality | undefined): SQL | typeof signals =>
  column ? sql`${signals} indexed by ${indexOf(column)}` : signals

/**
 * The row walked in the lead's index is also in `column`'s under `value`: one seek of (team, value, score,
 * published_at, id), which are all in the lead's entry, so neither index sends the walk to the table. Against reading
 * each row for its platform or intent, or gathering every rowid of the other filter first, it was the cheapest for
 * counts and pages of common and rare pairs alike (docs/performance.md#two-filters-at-once).
 */
export const alsoIn = (column: Exclude<Equality, 'keyword'>, value: SQLWrapper) =>
  sql`exists (select 1 from ${signals} as seek indexed by ${indexOf(column)} where seek.team_id = ${signals.teamId}
    and seek.${sql.raw(column)} = ${value} and seek.score = ${signals.score}
    and seek.published_at = ${signals.publishedAt} and seek.id = ${signals.id})`
