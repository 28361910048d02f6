import { and, desc, eq, gte, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db } from '../../engine/types'
import { signalFeedback } from '../../tables/signal-feedback'
import { signals } from '../../tables/signals'
import { type FilterShape, type SignalFilter, shapeOf } from './filter-shape'
import { keywordCondition } from './keyword-filter'
import { alsoIn, type Equality, leadOf, SORT_KEY, through } from './lead-index'

// All descending, as are the indexes (tables/signals.ts): a row-value bound on (score, published_at, id) then seeks.
const ORDER = [desc(signals.score), desc(signals.publishedAt), desc(signals.id)]

const p = (name: string) => sql.placeholder(name)

/** A filter's value in place, where a list query has a placeholder. */
export const valuesOf = (f: SignalFilter) => (name: keyof SignalFilter) => sql`${f[name]}`

/**
 * Each filter of a signals list, a count and an export, written once (docs/api.md#signals): the conditions of the
 * filters `shape` has, each on `value(name)`, a placeholder of a prepared statement or the value itself. Without
 * `withDismissed` the signals judged not relevant are left out (docs/api.md#feedback). `since` compares `published`.
 */
export function filterConditions(
  shape: FilterShape,
  value: (name: keyof SignalFilter) => SQLWrapper,
  published: SQLWrapper = signals.publishedAt,
  lead?: Equality,
) {
  // Walking `lead`'s index, the other equality filters are seeks into theirs (lead-index.ts).
  const equal = (column: Exclude<Equality, 'keyword'>) =>
    lead && lead !== column ? alsoIn(column, value(column)) : eq(signals[column], value(column))
  return [
    shape.withDismissed ? undefined : eq(signals.dismissed, false),
    shape.intent ? equal('intent') : undefined,
    shape.platform ? equal('platform') : undefined,
    shape.keyword ? keywordCondition(shape, value) : undefined,
    shape.minScore ? gte(signals.score, value('minScore')) : undefined,
    shape.since ? gte(published, value('since')) : undefined,
  ]
}

/**
 * The WHERE of a list query of `shape`, with placeholders. The anchor bound is a row value compared with `<`: with
 * every index column after the equality prefix descending, SQLite turns it into one index seek (EXPLAIN QUERY PLAN:
 * `SEARCH signals USING COVERING INDEX signals_list_idx (team_id=? AND (score,published_at,id)<(?,?,?))`, and the
 * same with `intent=?`, `platform=?` or `keyword=?` after `team_id=?` on the other three indexes), so it skips
 * straight to the anchor instead of walking the rows before it. `since` compares `+published_at`: a page is read in
 * the list order and stops at its limit, and without the `+` SQLite may trade that walk for signals_published_idx
 * and a sort of every row since then (a choice that flips with the width of the list index).
 */
function whereOf(shape: FilterShape) {
  return and(
    eq(signals.teamId, p('teamId')),
    ...filterConditions(shape, p, sql`+${signals.publishedAt}`, leadOf(shape)),
    shape.anchored
      ? sql`(${signals.score}, ${signals.publishedAt}, ${signals.id}) < (${p('anchorScore')}, ${p('anchorPublishedAt')}, ${p('anchorId')})`
      : undefined,
  )
}

/**
 * Whether signals_list_idx holds every column a page of `shape` reads, in the order of its walk: no full text, and
 * no equality filter but the team (intent, platform and keyword lead indexes of their own, without the columns).
 */
const readFromListIndex = (shape: FilterShape) => !shape.full && !shape.intent && !shape.platform && !shape.keyword

/**
 * One page in list order. The default list (docs/performance.md#signal-rows) walks signals_list_idx to the page and
 * reads its rows there, side by side. Any other page: the inner query walks only an index to find the page's rowids,
 * so a deep offset skips index entries rather than whole rows, and the outer query reads just the rows of the page.
 * Either way each row's verdict is one primary-key lookup (docs/api.md#feedback).
 */
export function pageQuery(db: Db, shape: FilterShape) {
  const columns = {
    id: signals.id,
    author: signals.author,
    platform: signals.platform,
    intent: signals.intent,
    score: signals.score,
    reason: signals.reason,
    icpMatch: signals.icpMatch,
    preview: signals.preview,
    contentFull: shape.full ? signals.contentFull : sql<null>`null`,
    url: signals.url,
    keyword: signals.keyword,
    publishedAt: signals.publishedAt,
    detectedAt: signals.detectedAt,
    verdict: signalFeedback.verdict,
    personId: signals.personId,
    // Without include=dismissed none is (docs/api.md#feedback), and the row need not be read past its long text.
    // Named: the client keys a row's values by column name too, and a column named 0 took the place of the first.
    dismissed: shape.withDismissed ? signals.dismissed : sql<boolean>`0`.mapWith(Boolean).as('dismissed'),
  }
  const withVerdicts = db
    .select(columns)
    .from(signals)
    .leftJoin(signalFeedback, eq(signalFeedback.signalId, signals.id))
  if (readFromListIndex(shape))
    return withVerdicts
      .where(whereOf(shape))
      .orderBy(...ORDER)
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare()
  const rowids = db
    .select({ rowid: sql`rowid` })
    .from(through(leadOf(shape)))
    .where(whereOf(shape))
    .orderBy(...ORDER)
    .limit(p('limit'))
    .offset(p('offset'))
  return withVerdicts
    .where(inArray(sql`${signals}.rowid`, rowids))
    .orderBy(...ORDER)
    .prepare()
}

export type PageRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['all']>>[number]

/** The sort key of the row `skip` rows past the start (or past the anchor), read from the covering index alone. */
export function anchorQuery(db: Db, shape: FilterShape) {
  return db
    .select(SORT_KEY)
    .from(through(leadOf(shape)))
    .where(whereOf(shape))
    .orderBy(...ORDER)
    .limit(1)
    .offset(p('skip'))
    .prepare()
}

/** The WHERE of a count, with the values in place. */
export function countWhere(teamId: string, f: SignalFilter): SQL | undefined {
  const shape = shapeOf(f, false, false)
  return and(eq(signals.teamId, teamId), ...filterConditions(shape, valuesOf(f), undefined, leadOf(shape)))
}
