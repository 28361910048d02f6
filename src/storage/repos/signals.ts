import { and, asc, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { signals } from '../tables/signals'
import { teams } from '../tables/teams'

export type SignalRow = typeof signals.$inferSelect
export type NewSignal = typeof signals.$inferInsert
export type SignalFilter = {
  keyword?: string
  intent?: string
  platform?: string
  minScore?: number
  /** ISO 8601 UTC; signals published at or after it. */
  since?: string
}

const ORDER = [desc(signals.score), desc(signals.publishedAt), asc(signals.id)]
// Batches stay under SQLite's bound-variable limit (15 columns a row).
const INSERT_CHUNK = 500
const TOTALS_KEPT = 10_000

/** Which filters are present (and whether the full text is wanted), as a cache key: `f.minScore` 0 means no filter. */
const shapeOf = (f: SignalFilter, full: boolean) =>
  [f.keyword !== undefined, f.intent !== undefined, f.platform !== undefined, !!f.minScore, f.since !== undefined, full]
    .map(Number).join('')

function pageQuery(db: Db, shape: string) {
  const [keyword, intent, platform, minScore, since, full] = [...shape].map((c) => c === '1')
  const p = (name: string) => sql.placeholder(name)
  const rowids = db.select({ rowid: sql`rowid` }).from(signals).where(and(
    eq(signals.teamId, p('teamId')),
    intent ? eq(signals.intent, p('intent')) : undefined,
    platform ? eq(signals.platform, p('platform')) : undefined,
    keyword ? sql`${signals.keyword} = ${p('keyword')} collate nocase` : undefined,
    minScore ? gte(signals.score, p('minScore')) : undefined,
    since ? gte(signals.publishedAt, p('since')) : undefined,
  )).orderBy(...ORDER).limit(p('limit')).offset(p('offset'))
  return db.select({
    id: signals.id, author: signals.author, platform: signals.platform, intent: signals.intent,
    score: signals.score, reason: signals.reason, icpMatch: signals.icpMatch, preview: signals.preview,
    contentFull: full ? signals.contentFull : sql<null>`null`, url: signals.url, keyword: signals.keyword,
    publishedAt: signals.publishedAt, detectedAt: signals.detectedAt,
  }).from(signals).where(inArray(sql`rowid`, rowids)).orderBy(...ORDER).prepare()
}

export function createSignalsRepo(db: Db) {
  // Counting a million rows costs far more than reading a page, and signals change only when polled or imported;
  // a total stays valid until the team's signals version moves.
  const totals = new Map<string, number>()
  // The list query runs on every GET /v1/signals; building it is a good part of the cost, so it is built once per
  // combination of filters (at most 64) with placeholders for the values.
  const pages = new Map<string, ReturnType<typeof pageQuery>>()
  const where = (teamId: string, f: SignalFilter): SQL | undefined => and(
    eq(signals.teamId, teamId),
    f.intent === undefined ? undefined : eq(signals.intent, f.intent),
    f.platform === undefined ? undefined : eq(signals.platform, f.platform),
    f.keyword === undefined ? undefined : sql`${signals.keyword} = ${f.keyword} collate nocase`,
    f.minScore ? gte(signals.score, f.minScore) : undefined,
    f.since === undefined ? undefined : gte(signals.publishedAt, f.since),
  )

  return {
    /**
     * One page in list order. The inner query walks only an index to find the page's rowids, so a deep offset
     * skips index entries rather than whole rows; the outer query reads just the rows of the page.
     */
    async page(teamId: string, f: SignalFilter, page: { limit: number; offset: number; full: boolean }) {
      const shape = shapeOf(f, page.full)
      let query = pages.get(shape)
      if (!query) pages.set(shape, query = pageQuery(db, shape))
      return query.all({ teamId, ...f, limit: page.limit, offset: page.offset })
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
      const n = await this.count(teamId, f)
      if (totals.size >= TOTALS_KEPT) totals.delete(totals.keys().next().value as string)
      totals.set(key, n)
      return n
    },
    /**
     * Inserts in one transaction, skipping posts the team already has (contract §9), and bumps the team's
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
