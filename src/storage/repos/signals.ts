import { and, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { signals } from '../tables/signals'
import { teams } from '../tables/teams'
import { remember } from '../../lib/bounded-map'

export type NewSignal = typeof signals.$inferInsert
export type SignalFilter = {
  keyword?: string
  intent?: string
  platform?: string
  minScore?: number
  /** ISO 8601 UTC; signals published at or after it. */
  since?: string
}

// All descending, as are the indexes (tables/signals.ts): a row-value bound on (score, published_at, id) then seeks.
const ORDER = [desc(signals.score), desc(signals.publishedAt), desc(signals.id)]
// Batches stay under SQLite's bound-variable limit (15 columns a row).
const INSERT_CHUNK = 500
const TOTALS_KEPT = 10_000
// Preview pages only (a full-text page can weigh 80 KB): about 8 KB each.
const PAGES_KEPT = 1000
/** Default distance between keyset anchors: a page at any offset walks fewer than this many index entries plus its limit. */
export const ANCHOR_EVERY = 1000
const ANCHOR_KEYS_KEPT = 1000
// Attempts at a deep page while the team's signals keep changing under it, before falling back to a plain OFFSET.
const ANCHOR_ATTEMPTS = 3

/** The sort key of one row: a keyset bound. */
type Anchor = { score: number; publishedAt: string; id: string }
/**
 * anchors[k] is the sort key of the row at 0-based position (k+1)*every-1 of one (team, signals version, filter).
 * `complete`: an extension found no further anchor, so there are exactly `anchors.length`. `pending`: the extension
 * in flight, which concurrent requests wait for rather than repeat.
 */
type AnchorEntry = { anchors: Anchor[]; complete: boolean; pending?: Promise<void> }

/** The team's signals version moved while anchors were being computed; carries the version now stored. */
class VersionMoved {
  constructor(readonly version: number) {}
}

/**
 * Which filters are present, whether the full text is wanted, and whether a keyset anchor bounds the walk, as a
 * cache key: `f.minScore` 0 means no filter.
 */
const shapeOf = (f: SignalFilter, full: boolean, anchored: boolean) =>
  [f.keyword !== undefined, f.intent !== undefined, f.platform !== undefined, !!f.minScore, f.since !== undefined, full, anchored]
    .map(Number).join('')

const p = (name: string) => sql.placeholder(name)

/**
 * The WHERE of a list query of `shape`, with placeholders. The anchor bound is a row value compared with `<`: with
 * every index column after the equality prefix descending, SQLite turns it into one index seek (EXPLAIN QUERY PLAN:
 * `SEARCH signals USING COVERING INDEX signals_order_idx (team_id=? AND (score,published_at,id)<(?,?,?))`, and the
 * same with `intent=?`, `platform=?` or `keyword=?` after `team_id=?` on the other three indexes), so it skips
 * straight to the anchor instead of walking the rows before it.
 */
function whereOf(shape: string) {
  const [keyword, intent, platform, minScore, since, , anchored] = [...shape].map((c) => c === '1')
  return and(
    eq(signals.teamId, p('teamId')),
    intent ? eq(signals.intent, p('intent')) : undefined,
    platform ? eq(signals.platform, p('platform')) : undefined,
    keyword ? sql`${signals.keyword} = ${p('keyword')} collate nocase` : undefined,
    minScore ? gte(signals.score, p('minScore')) : undefined,
    since ? gte(signals.publishedAt, p('since')) : undefined,
    anchored
      ? sql`(${signals.score}, ${signals.publishedAt}, ${signals.id}) < (${p('anchorScore')}, ${p('anchorPublishedAt')}, ${p('anchorId')})`
      : undefined,
  )
}

function pageQuery(db: Db, shape: string) {
  const full = shape[5] === '1'
  const rowids = db.select({ rowid: sql`rowid` }).from(signals).where(whereOf(shape))
    .orderBy(...ORDER).limit(p('limit')).offset(p('offset'))
  return db.select({
    id: signals.id, author: signals.author, platform: signals.platform, intent: signals.intent,
    score: signals.score, reason: signals.reason, icpMatch: signals.icpMatch, preview: signals.preview,
    contentFull: full ? signals.contentFull : sql<null>`null`, url: signals.url, keyword: signals.keyword,
    publishedAt: signals.publishedAt, detectedAt: signals.detectedAt,
  }).from(signals).where(inArray(sql`rowid`, rowids)).orderBy(...ORDER).prepare()
}

/** The sort key of the row `skip` rows past the start (or past the anchor), read from the covering index alone. */
function anchorQuery(db: Db, shape: string) {
  return db.select({ score: signals.score, publishedAt: signals.publishedAt, id: signals.id }).from(signals)
    .where(whereOf(shape)).orderBy(...ORDER).limit(1).offset(p('skip')).prepare()
}

/**
 * Signals storage. `anchorEvery`: distance between keyset anchors (tests use a small one to exercise many blocks).
 */
export function createSignalsRepo(db: Db, opts: { anchorEvery?: number } = {}) {
  const every = opts.anchorEvery ?? ANCHOR_EVERY
  if (!Number.isInteger(every) || every < 1) throw new Error(`anchorEvery must be a positive integer, got ${every}`)
  // Counting a million rows costs far more than reading a page, and signals change only when polled or imported;
  // a total stays valid until the team's signals version moves.
  const totals = new Map<string, number>()
  // Counts in progress: requests that arrive while one runs wait for it rather than count again. Every batch of an
  // import moves the version, and a count of a large team takes tens of milliseconds of the event loop.
  const counting = new Map<string, Promise<number>>()
  // Pages, like totals, stay valid until the team's signals version moves: the same first pages are asked for
  // again and again by dashboards and pollers, and signals change only when a poll or an import stores some.
  const cachedPages = new Map<string, Awaited<ReturnType<typeof runPage>>>()
  // The list query runs on every GET /v1/signals; building it is a good part of the cost, so it is built once per
  // combination of filters (at most 128 with the anchor bit) with placeholders for the values.
  const pages = new Map<string, ReturnType<typeof pageQuery>>()
  const anchorQueries = new Map<string, ReturnType<typeof anchorQuery>>()
  // Keyset anchors per (team, signals version, filter), least recently used first.
  const anchorSets = new Map<string, AnchorEntry>()
  const versionQuery = db.select({ version: teams.signalsVersion }).from(teams).where(eq(teams.id, p('teamId'))).prepare()
  const where = (teamId: string, f: SignalFilter): SQL | undefined => and(
    eq(signals.teamId, teamId),
    f.intent === undefined ? undefined : eq(signals.intent, f.intent),
    f.platform === undefined ? undefined : eq(signals.platform, f.platform),
    f.keyword === undefined ? undefined : sql`${signals.keyword} = ${f.keyword} collate nocase`,
    f.minScore ? gte(signals.score, f.minScore) : undefined,
    f.since === undefined ? undefined : gte(signals.publishedAt, f.since),
  )

  const runPage = (teamId: string, f: SignalFilter, full: boolean, limit: number, offset: number, anchor?: Anchor) => {
    const shape = shapeOf(f, full, anchor !== undefined)
    let query = pages.get(shape)
    if (!query) pages.set(shape, query = pageQuery(db, shape))
    return query.all({
      teamId, ...f, limit, offset,
      ...(anchor && { anchorScore: anchor.score, anchorPublishedAt: anchor.publishedAt, anchorId: anchor.id }),
    })
  }

  const currentVersion = async (teamId: string) => (await versionQuery.all({ teamId }))[0]?.version ?? 0

  function anchorEntry(key: string): AnchorEntry {
    let entry = anchorSets.get(key)
    // Re-inserted on every use, so the entry dropped when the map is full is the least recently used.
    if (entry) anchorSets.delete(key)
    else entry = { anchors: [], complete: false }
    remember(anchorSets, key, entry, ANCHOR_KEYS_KEPT)
    return entry
  }

  /**
   * Computes anchors from the last known one up to index `k`, one index walk of `every` entries each, and stores
   * them only if the team's signals version is still `version` afterwards: versions only grow, so every read in
   * between saw that version's rows and the stored anchors all describe one state of the data.
   */
  async function extend(entry: AnchorEntry, teamId: string, version: number, f: SignalFilter, k: number) {
    const found: Anchor[] = []
    let complete = false
    let last = entry.anchors.at(-1)
    for (let i = entry.anchors.length; i <= k; i++) {
      const shape = shapeOf(f, false, last !== undefined)
      let query = anchorQueries.get(shape)
      if (!query) anchorQueries.set(shape, query = anchorQuery(db, shape))
      const [row] = await query.all({
        teamId, ...f, skip: every - 1,
        ...(last && { anchorScore: last.score, anchorPublishedAt: last.publishedAt, anchorId: last.id }),
      })
      if (!row) { complete = true; break }
      found.push(last = row)
    }
    const now = await currentVersion(teamId)
    if (now !== version) throw new VersionMoved(now)
    entry.anchors.push(...found)
    entry.complete = complete
  }

  /** anchors[k] for this version and filter, computing any missing ones; undefined when the data has fewer rows. */
  async function anchorAt(teamId: string, version: number, f: SignalFilter, k: number): Promise<Anchor | undefined> {
    const entry = anchorEntry(JSON.stringify([teamId, version, f.keyword, f.intent, f.platform, f.minScore, f.since]))
    while (entry.anchors.length <= k && !entry.complete) {
      if (entry.pending) {
        // Another request is extending this same array; wait for it, then look again (its failure is its own).
        await entry.pending.catch(() => {})
        continue
      }
      const pending = extend(entry, teamId, version, f, k)
      entry.pending = pending
      try {
        await pending
      } finally {
        if (entry.pending === pending) entry.pending = undefined
      }
    }
    return entry.anchors[k]
  }

  return {
    /**
     * One page in list order. The inner query walks only an index to find the page's rowids, so a deep offset
     * skips index entries rather than whole rows; the outer query reads just the rows of the page.
     *
     * From `anchorEvery` on, the walk starts at a keyset anchor instead: the sort key of the row at the end of the
     * block of `anchorEvery` rows before the offset's block, remembered per (team, signals version, filter), so a
     * page walks fewer than `anchorEvery` + limit index entries at any depth. `version` is the team's signals
     * version when the caller already has it (otherwise it is read); anchors are never reused across versions.
     */
    async page(teamId: string, f: SignalFilter, page: { limit: number; offset: number; full: boolean; version?: number }) {
      if (page.version === undefined || page.full) return this.uncachedPage(teamId, f, page)
      const key = JSON.stringify([teamId, page.version, f.keyword, f.intent, f.platform, f.minScore, f.since, page.limit, page.offset])
      const known = cachedPages.get(key)
      if (known) return known
      const rows = await this.uncachedPage(teamId, f, page)
      // A caller's version can be a moment old; only a page read at the current version may be kept under it.
      if (await currentVersion(teamId) === page.version) remember(cachedPages, key, rows, PAGES_KEPT)
      return rows
    },
    async uncachedPage(teamId: string, f: SignalFilter, page: { limit: number; offset: number; full: boolean; version?: number }) {
      const { limit, offset, full } = page
      const k = Math.floor(offset / every) - 1
      if (k < 0) return runPage(teamId, f, full, limit, offset)
      let version = page.version ?? await currentVersion(teamId)
      for (let attempt = 0; attempt < ANCHOR_ATTEMPTS; attempt++) {
        try {
          const anchor = await anchorAt(teamId, version, f, k)
          // No row at the anchor's position: the offset is past the end.
          if (!anchor) return []
          return await runPage(teamId, f, full, limit, offset - (k + 1) * every, anchor)
        } catch (err) {
          if (!(err instanceof VersionMoved)) throw err
          version = err.version
        }
      }
      // Signals kept arriving during every attempt: the plain walk reads one consistent state.
      return runPage(teamId, f, full, limit, offset)
    },
    async count(teamId: string, f: SignalFilter): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)` }).from(signals).where(where(teamId, f)).all()
      return Number(row.n)
    },
    /** `count`, remembered per (team, signals version, filter). */
    async total(teamId: string, version: number, f: SignalFilter): Promise<number> {
      const key = JSON.stringify([teamId, version, f.keyword, f.intent, f.platform, f.minScore, f.since])
      const known = totals.get(key)
      if (known !== undefined) return known
      let pending = counting.get(key)
      if (!pending) {
        pending = this.count(teamId, f).then((n) => remember(totals, key, n, TOTALS_KEPT)).finally(() => counting.delete(key))
        counting.set(key, pending)
      }
      return pending
    },
    /**
     * Inserts in one transaction, skipping posts the team already has (docs/operations.md#exactly-once), and bumps the team's
     * signals version so cached totals are recomputed. Returns how many rows were new.
     */
    async insertMany(teamId: string, rows: NewSignal[]): Promise<number> {
      if (rows.length === 0) return 0
      const inserts = []
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        inserts.push(db.insert(signals).values(rows.slice(i, i + INSERT_CHUNK)).onConflictDoNothing().returning({ id: signals.id }))
      }
      const bump = db.update(teams).set({ signalsVersion: sql`${teams.signalsVersion} + 1` }).where(eq(teams.id, teamId))
      const results = await db.batch([bump, ...inserts])
      return results.slice(1).reduce((n, r) => n + (r as unknown[]).length, 0)
    },
  }
}
