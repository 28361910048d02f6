import type { Client } from '@libsql/client'
import type { Database } from '../../engine/types'
import type { ReadConnection } from '../../engine/read-connection'
import { and, type SQL, sql } from 'drizzle-orm'
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import { type SignalFilter, shapeOf } from './filter-shape'
import { filterConditions, valuesOf } from './queries'
import { resolvedKeyword, type Statement, signalSpellings } from './keyword-filter'

// Renders the filters' conditions (queries.ts) into the SQL text this statement is run with, on either connection.
const dialect = new SQLiteAsyncDialect()

/** Where an export page starts: after the signal stored as this row (its rowid). */
export type ExportCursor = { rowid: number }

export type ExportRow = {
  rowid: number
  id: string
  postId: string
  platform: string
  author: string
  intent: string
  score: number
  reason: string
  icpMatch: string | null
  preview: string
  contentFull: string | null
  url: string
  keyword: string
  publishedAt: string
  detectedAt: string
  personId: string | null
  verdict: 'relevant' | 'not_relevant' | null
  verdictReason: string | null
  judgedAt: string | null
  dismissed: boolean
}

/** One export's reads: its pages in turn, then `close` (at its end, or when it is cut short). */
export type ExportReader = {
  page(after: ExportCursor | undefined, limit: number): Promise<ExportRow[]>
  close(): void
}

/**
 * One page of an export (docs/api.md#export): the team's signals in the order they were stored, after `after`.
 *
 * Why this order and not the list's: it reads the table in its own order, while any order by a column jumps
 * across the file for every row (measured on 1,000,000 signals: 33 ms a page of 1,000 in (platform, post id)
 * order, the rows' reads nearly all of it). And it survives a round trip: an import stores a file's lines in
 * their order, so exporting what was imported gives the same order, where the list's last tie-break, the signal
 * id, is drawn anew by each import. `indexed by` holds SQLite to the (team_id) index, whose entries end in the
 * rowid: one seek to the cursor, then the walk, each row's verdict looked up by its signal id
 * (test/storage/repos/signals/export.test.ts reads the plans).
 */
export function exportStatement(a: {
  teamId: string
  filter: SignalFilter
  after?: ExportCursor
  limit: number
}): Statement {
  const where = dialect.sqlToQuery(
    and(
      sql`signals.team_id = ${a.teamId} and signals.rowid > ${a.after?.rowid ?? 0}`,
      ...filterConditions(shapeOf(a.filter, false, false), valuesOf(a.filter)),
    ) as SQL,
  )
  return {
    sql: `select ${COLUMNS} from signals indexed by signals_team_idx
      left join signal_feedback f on f.signal_id = signals.id
      where ${where.sql} order by signals.rowid limit ?`,
    args: [...(where.params as (string | number)[]), a.limit],
  }
}

// The verdict travels with its signal (docs/operations.md#exporting-signals): one primary-key lookup a row.
const COLUMNS =
  'signals.rowid, signals.id, post_id, platform, author, signals.intent, signals.score, signals.reason, icp_match, ' +
  'preview, content_full, url, keyword, published_at, detected_at, person_id, f.verdict, f.reason, f.judged_at, ' +
  'signals.dismissed'

/** A row of COLUMNS, by position: the read connection gives bare arrays, the client array-like rows. */
const exportRow = (r: ArrayLike<unknown>): ExportRow => ({
  rowid: r[0] as number,
  id: r[1] as string,
  postId: r[2] as string,
  platform: r[3] as string,
  author: r[4] as string,
  intent: r[5] as string,
  score: r[6] as number,
  reason: r[7] as string,
  icpMatch: r[8] as string | null,
  preview: r[9] as string,
  contentFull: r[10] as string | null,
  url: r[11] as string,
  keyword: r[12] as string,
  publishedAt: r[13] as string,
  detectedAt: r[14] as string,
  personId: r[15] as string | null,
  verdict: r[16] as ExportRow['verdict'],
  verdictReason: r[17] as string | null,
  judgedAt: r[18] as string | null,
  dismissed: Number(r[19]) === 1,
})

const viaClient = (client: Client) => async (s: Statement) => (await client.execute(s)).rows

/** The signals export's storage (docs/api.md#export). */
export const createSignalExportsRepo = (database: Pick<Database, 'client' | 'openReader'>) => ({
  /**
   * One export's reader: on a connection of its own when the database is a local file (read-connection.ts,
   * docs/performance.md#where-an-export-spends-its-memory), else through the service's client.
   */
  open(teamId: string, filter: SignalFilter): ExportReader {
    const own: ReadConnection | undefined = database.openReader?.()
    const rows = own ? (s: Statement) => own.all(s.sql, s.args) : viaClient(database.client)
    // A keyword is resolved once, against the spellings of the signals stored when the export starts
    // (keyword-filter.ts).
    let resolved: Promise<SignalFilter> | undefined
    return {
      async page(after, limit) {
        resolved ??=
          filter.keyword === undefined
            ? Promise.resolve(filter)
            : signalSpellings(rows, teamId).then((spellings) => resolvedKeyword(filter, spellings))
        return (await rows(exportStatement({ teamId, filter: await resolved, after, limit }))).map(exportRow)
      },
      close: () => own?.close(),
    }
  },
})
