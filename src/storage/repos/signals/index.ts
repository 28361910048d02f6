import { and, eq, gt, sql } from 'drizzle-orm'
import type { CommitWatch } from '../../engine/commit-watch'
import type { Db } from '../../engine/types'
import { signals } from '../../tables/signals'
import { signalInserts } from '../multi-row'
import { afterImport, peopleUpserts } from '../people-figures'
import { type ImportedVerdict, keyedVerdicts, verdictInserts } from '../imported-verdicts'
import { withoutNul } from '../signal-text'
import { ANCHOR_EVERY, ANCHORS_KEPT, type Anchor, createAnchors } from './anchors'
import { cacheKey, createSignalsCache } from './cache'
import { perShape, type SignalFilter, shapeOf } from './filter-shape'
import { type PageRow, pageQuery } from './queries'
import { countQuery } from './count'
import { pageRowOf } from './page-row'
import { recentSignals } from './recent'
import { versionReader } from './version'
import { keywordKey } from '../../../query/same-query'
import { listKeyword, signalSpellings, type Statement } from './keyword-filter'

export type { ImportedVerdict, PageRow, SignalFilter }
export type { ExportCursor, ExportReader, ExportRow } from './export'
export { createSignalExportsRepo } from './export'
/**
 * A signal to store. `detectedAt` left out: found now, stamped with the database's present by the statement that
 * stores it (multi-row.ts; docs/destinations.md#exactly-once); imports and the demo's samples give theirs. Not
 * columns: `authorKnown` false (a stand-in, mention.ts: no person), `authorId` (its person's key, people-accounts.ts).
 */
type NotColumns = { detectedAt?: string; authorKnown?: false; authorId?: string }
export type NewSignal = Omit<typeof signals.$inferInsert, 'detectedAt'> & NotColumns

type PageRequest = { limit: number; offset: number; full: boolean; version?: number }

/**
 * Signals storage. `anchorEvery`: distance between keyset anchors; `anchorsKept`: how many are remembered in all (tests
 * use small ones to exercise many blocks and their eviction); `commits`: a local file's commit watch (versionReader).
 */
export function createSignalsRepo(
  db: Db,
  opts: { anchorEvery?: number; anchorsKept?: number; commits?: CommitWatch } = {},
) {
  const every = opts.anchorEvery ?? ANCHOR_EVERY
  if (!Number.isInteger(every) || every < 1) throw new Error(`anchorEvery must be a positive integer, got ${every}`)
  const cache = createSignalsCache()
  const pageQueryOf = perShape((shape) => pageQuery(db, shape))
  const currentVersion = versionReader(db, opts.commits)
  const anchoredPage = createAnchors(db, { every, kept: opts.anchorsKept ?? ANCHORS_KEPT }, currentVersion)

  // Rows as the engine gives them, made into page rows here: drizzle's own mapping of each value through its column
  // was about a tenth of an uncached page's time (docs/performance.md#signal-rows).
  const runPage = async (
    teamId: string,
    f: SignalFilter,
    full: boolean,
    limit: number,
    offset: number,
    anchor?: Anchor,
  ): Promise<PageRow[]> => {
    const rows = await pageQueryOf(shapeOf(f, full, anchor !== undefined)).values({
      teamId,
      ...f,
      limit,
      offset,
      ...(anchor && { anchorScore: anchor.score, anchorPublishedAt: anchor.publishedAt, anchorId: anchor.id }),
    })
    return rows.map(pageRowOf)
  }

  const run = async (s: Statement) => (await db.$client.execute(s)).rows
  /** `f` with its keyword resolved (keyword-filter.ts), against the spellings of the team's signals at `version`. */
  const resolved = async (teamId: string, f: SignalFilter, version?: number): Promise<SignalFilter> => {
    if (f.keyword === undefined) return f
    const key = JSON.stringify([teamId, version ?? (await currentVersion(teamId))])
    return listKeyword(f, await cache.spellings(key, () => signalSpellings(run, teamId)))
  }

  return {
    /**
     * One page in list order (queries.ts pageQuery). From `anchorEvery` on, the walk starts at a keyset anchor
     * (anchors.ts), so a page walks fewer than `anchorEvery` + limit index entries at any depth. `version` is the
     * team's signals version when the caller already has it (otherwise it is read); preview pages read at it are
     * remembered until it moves (cache.ts).
     */
    async page(teamId: string, f: SignalFilter, page: PageRequest) {
      if (page.version === undefined || page.full) return this.uncachedPage(teamId, f, page)
      const key = cacheKey(teamId, page.version, f, page.limit, page.offset)
      const known = cache.page(key)
      if (known) return known
      const rows = await this.uncachedPage(teamId, f, page)
      // A caller's version can be a moment old; only a page read at the current version may be kept under it.
      if ((await currentVersion(teamId)) === page.version) cache.keepPage(key, rows)
      return rows
    },
    async uncachedPage(teamId: string, filter: SignalFilter, page: PageRequest) {
      const f = await resolved(teamId, filter, page.version)
      const read = (anchor: Anchor | undefined, offset: number) =>
        runPage(teamId, f, page.full, page.limit, offset, anchor)
      return anchoredPage(teamId, f, page, read)
    },
    /** One signal of the team with its full text, for a reader who opens it. */
    async byId(teamId: string, id: string) {
      return db
        .select()
        .from(signals)
        .where(and(eq(signals.teamId, teamId), eq(signals.id, id)))
        .get()
    },
    /** The team's signals published since `since`, newest first, for the query preview (recent.ts). */
    recent: (teamId: string, since: string, limit: number) => recentSignals(db, teamId, since, limit),
    async count(teamId: string, f: SignalFilter): Promise<number> {
      return (await countQuery(db, teamId, await resolved(teamId, f)).get())?.n ?? 0
    },
    /** Signals the team got after `after` (ISO 8601 UTC): the console's "new since your last visit". */
    async countDetectedAfter(teamId: string, after: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)` })
        .from(signals)
        .where(and(eq(signals.teamId, teamId), gt(signals.detectedAt, after)))
        .all()
      return Number(row.n)
    },
    /** `count`, remembered per (team, signals version, filter). */
    total(teamId: string, version: number, f: SignalFilter): Promise<number> {
      return cache.total(cacheKey(teamId, version, f), () => this.count(teamId, f))
    },
    /** Signals per keyword (lower-cased, dismissed ones too), counted once per (team, signals version). */
    countsByKeyword(teamId: string, version: number): Promise<Map<string, number>> {
      return cache.perKeyword(JSON.stringify([teamId, version]), async () => {
        // Grouped as the keyword index is ordered (collate nocase), so the count walks that index alone.
        const rows = await db
          .select({ keyword: signals.keyword, n: sql<number>`count(*)` })
          .from(signals)
          .where(eq(signals.teamId, teamId))
          .groupBy(sql`${signals.keyword} collate nocase`, signals.keyword)
          .all()
        const counts = new Map<string, number>()
        // Keyed as tracked keywords are (same-query.ts), which also folds letters beyond ASCII that nocase keeps
        // apart, and keeps apart the operators it folds ('crm NOT hubspot', 'crm not hubspot').
        for (const r of rows) counts.set(keywordKey(r.keyword), (counts.get(keywordKey(r.keyword)) ?? 0) + Number(r.n))
        return counts
      })
    },
    /**
     * Inserts in one transaction, skipping posts the team already has (docs/operations.md#exactly-once), and bumps the
     * team's signals version so cached totals are recomputed. Returns how many rows were new. `verdicts`: the import
     * file's, stored with them (imported-verdicts.ts).
     */
    async insertMany(teamId: string, given: NewSignal[], verdicts: ImportedVerdict[] = []): Promise<number> {
      if (given.length === 0) return 0
      const rows = given.map(withoutNul)
      const bump = { sql: 'update teams set signals_version = signals_version + 1 where id = ?', args: [teamId] }
      // docs/people.md: the authors' people first; each signal is stored with its person (dismissed if muted), as a
      // polling pass stores it; then the figures of the people of the rows stored. Sent to the client as they are:
      // rebuilt as drizzle queries, a chunk's 3,600 values cost an import a third of its speed
      // (docs/performance.md#people-in-a-pass-and-an-import).
      const people = peopleUpserts(rows, new Date().toISOString())
      // Read before the write: a signal the team already has keeps its keyword, which keys its verdict.
      const keyed = await keyedVerdicts(db.$client, teamId, verdicts, rows)
      // Marked imported: history, which no digest sends (docs/webhooks.md, destination-windows.ts).
      const inserts = signalInserts(
        rows.map((r) => ({ ...r, imported: true })),
        'returning id',
      )
      const results = await db.$client.batch(
        [bump, ...people, ...inserts, ...afterImport(rows.map((r) => r.id)), ...verdictInserts(teamId, keyed)],
        'write',
      )
      return results.slice(1 + people.length, 1 + people.length + inserts.length).reduce((n, r) => n + r.rows.length, 0)
    },
  }
}
