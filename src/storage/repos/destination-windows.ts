import type { Client } from '@libsql/client'
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { DB_NOW_MS } from './db-now'
import { signals } from '../tables/signals'
import { webhookEndpoints } from '../tables/webhooks'
import type { EndpointRow } from './webhook-endpoints'
import { anyKeywordCondition, type Statement, signalSpellings } from './signals/keyword-filter'

const iso = (ms: number) => new Date(ms).toISOString()
const parsed = (text: string | null) => (text === null ? null : (JSON.parse(text) as string[]))

/**
 * A destination's filters over the signals found in [from, to): the same rules as the outbox's (webhook-outbox.ts).
 * Keywords compare as tracked keywords do, resolved against the team's signal keywords (signals/keyword-filter.ts).
 */
async function inWindow(client: Client, e: EndpointRow, fromMs: number, toMs: number) {
  const intents = parsed(e.intents)
  const platforms = parsed(e.platforms)
  const keywords = parsed(e.keywords)
  const run = async (s: Statement) => (await client.execute(s)).rows
  const spellings = keywords ? await signalSpellings(run, e.teamId) : []
  return and(
    eq(signals.teamId, e.teamId),
    gte(signals.detectedAt, iso(fromMs)),
    lt(signals.detectedAt, iso(toMs)),
    gte(signals.score, e.minScore),
    eq(signals.dismissed, false),
    // docs/webhooks.md: an import is history; its signals were not found in this window, whatever their detectedAt.
    // Written as is, not bound: the partial index signals_found_idx serves a query that says `imported = 0`.
    sql`imported = 0`,
    intents ? inArray(signals.intent, intents) : undefined,
    platforms ? inArray(signals.platform, platforms) : undefined,
    keywords ? anyKeywordCondition(keywords, spellings) : undefined,
  )
}

/**
 * Windows of signals for digests and e-mail batches (docs/destinations.md#exactly-once). A window is claimed by ONE
 * transaction that records it (its primary key refuses a second claim), queues its delivery when it holds a signal,
 * and moves the destination's window on; a crash before the commit leaves nothing, after it the delivery is queued.
 */
export function createDestinationWindowsRepo(db: Db, client: Client) {
  return {
    /** The enabled destinations sent windows of signals. */
    windowed(): Promise<EndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.windowFrom} is not null`))
        .all()
    },
    /** The database's present (epoch ms): found times are its (db-now.ts), so a window has ended by it. */
    async dbNowMs(): Promise<number> {
      return Number((await client.execute(`select ${DB_NOW_MS} as now`)).rows[0]?.now)
    },
    async countIn(e: EndpointRow, fromMs: number, toMs: number): Promise<number> {
      return db.$count(signals, await inWindow(client, e, fromMs, toMs))
    },
    /** The window's leads, best first, up to `limit`, and how many there are. */
    async leadsIn(e: EndpointRow, fromMs: number, toMs: number, limit: number) {
      const where = await inWindow(client, e, fromMs, toMs)
      const [leads, total] = await Promise.all([
        db.select().from(signals).where(where).orderBy(desc(signals.score), desc(signals.detectedAt)).limit(limit),
        db.$count(signals, where),
      ])
      return { leads, total }
    },
    /**
     * Claims [from, to) of `endpointId`; `deliveryId` null when it holds no signal (recorded, nothing sent). False
     * when another process claimed it first (the primary key, or the destination's window already moved on).
     */
    async claim(a: { endpointId: string; fromMs: number; toMs: number; deliveryId: string | null; nowMs: number }) {
      const nowIso = iso(a.nowMs)
      try {
        await client.batch(
          [
            {
              sql: `insert into destination_windows (endpoint_id, window_from, window_to, delivery_id, created_at)
                values (?, ?, ?, ?, ?)`,
              args: [a.endpointId, a.fromMs, a.toMs, a.deliveryId, nowIso],
            },
            ...(a.deliveryId
              ? [
                  {
                    sql: `insert into webhook_deliveries (id, endpoint_id, event, window_from, window_to, status,
                        attempts, next_attempt_at, created_at) values (?, ?, 'signals.digest', ?, ?, 'pending', 0, ?, ?)`,
                    args: [a.deliveryId, a.endpointId, a.fromMs, a.toMs, a.nowMs, nowIso],
                  },
                ]
              : []),
            {
              sql: 'update webhook_endpoints set window_from = ? where id = ? and window_from = ?',
              args: [a.toMs, a.endpointId, a.fromMs],
            },
          ],
          'write',
        )
        return true
      } catch (err) {
        if (/UNIQUE|PRIMARY KEY/i.test(String((err as Error).message))) return false
        throw err
      }
    },
    /** Windows recorded for a destination, oldest first (the tests and the delivery log's reader). */
    async list(endpointId: string) {
      const rs = await client.execute({
        sql: 'select window_from, window_to, delivery_id from destination_windows where endpoint_id = ? order by window_from',
        args: [endpointId],
      })
      return rs.rows.map((r) => ({
        from: Number(r.window_from),
        to: Number(r.window_to),
        deliveryId: r.delivery_id === null ? null : String(r.delivery_id),
      }))
    },
  }
}
