import type { Client, InStatement } from '@libsql/client'

/** One streamed platform's row (storage/tables/stream-positions.ts): written whole by its reader. */
export type StreamPosition = {
  platform: string
  position: string
  upstreamAt: string | null
  lagMs: number | null
  heardAt: string | null
  /** [minute epoch, read, matched] of the last 60 minutes. */
  minutes: [number, number, number][]
  gap: string | null
  gapAt: string | null
  updatedAt: string
}

/** The upsert of a reader's row: alone, or in the transaction that stores the signals its position covers. */
export const streamPositionUpsert = (p: StreamPosition): InStatement => ({
  sql: `insert into stream_positions (platform, position, upstream_at, lag_ms, heard_at, minutes, gap, gap_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (platform) do update set position = excluded.position,
    upstream_at = excluded.upstream_at, lag_ms = excluded.lag_ms, heard_at = excluded.heard_at, minutes = excluded.minutes, gap = excluded.gap,
    gap_at = excluded.gap_at, updated_at = excluded.updated_at`,
  args: [
    p.platform,
    p.position,
    p.upstreamAt,
    p.lagMs,
    p.heardAt,
    JSON.stringify(p.minutes),
    p.gap,
    p.gapAt,
    p.updatedAt,
  ],
})

const rowOf = (r: Record<string, unknown>): StreamPosition => ({
  platform: String(r.platform),
  position: String(r.position),
  upstreamAt: r.upstream_at == null ? null : String(r.upstream_at),
  lagMs: r.lag_ms == null ? null : Number(r.lag_ms),
  heardAt: r.heard_at == null ? null : String(r.heard_at),
  minutes: JSON.parse(String(r.minutes)) as [number, number, number][],
  gap: r.gap == null ? null : String(r.gap),
  gapAt: r.gap_at == null ? null : String(r.gap_at),
  updatedAt: String(r.updated_at),
})

/** The stream readers' positions (docs/streams.md#resuming). */
export function createStreamPositionsRepo(client: Client) {
  const select =
    'select platform, position, upstream_at, lag_ms, heard_at, minutes, gap, gap_at, updated_at from stream_positions'
  return {
    async get(platform: string): Promise<StreamPosition | undefined> {
      const rs = await client.execute({ sql: `${select} where platform = ?`, args: [platform] })
      return rs.rows[0] ? rowOf(rs.rows[0]) : undefined
    },
    async list(): Promise<StreamPosition[]> {
      return (await client.execute(select)).rows.map(rowOf)
    },
    /** The reader's figures when nothing it covers is stored with them. */
    async save(p: StreamPosition): Promise<void> {
      await client.execute(streamPositionUpsert(p))
    },
  }
}
