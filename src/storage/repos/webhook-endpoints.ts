import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { webhookEndpoints, webhookRateLimits } from '../tables/webhooks'
import { dbNowMs } from './db-now'
import { receiverPauses } from './webhook-pauses'

export type EndpointRow = typeof webhookEndpoints.$inferSelect
type EndpointPatch = Partial<Omit<EndpointRow, 'id' | 'teamId' | 'event' | 'secret' | 'createdAt'>>

/**
 * Where a destination's windows start, written no later than the database's present: found times are the
 * database's (db-now.ts), so a server whose clock runs ahead would start a new destination's first window after
 * signals found once it was added, and no window would hold them (docs/destinations.md#exactly-once).
 */
const windowStart = (ms: number | null | undefined) => (typeof ms === 'number' ? sql`min(${ms}, ${dbNowMs})` : ms)

/**
 * A team's webhook endpoints (docs/webhooks.md#endpoints). Every change is one statement, but for a new URL, which
 * first forgets what the former receiver said of its rate limit. The receivers' pauses and limits: webhook-pauses.ts.
 */
export function createWebhookEndpointsRepo(db: Db) {
  const one = (teamId: string, id: string) => and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.id, id))
  return {
    async insert(row: EndpointRow) {
      await db.insert(webhookEndpoints).values({ ...row, windowFrom: windowStart(row.windowFrom) })
    },
    count(teamId: string): Promise<number> {
      return db.$count(webhookEndpoints, eq(webhookEndpoints.teamId, teamId))
    },
    list(teamId: string): Promise<EndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.teamId, teamId))
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
        .all()
    },
    /** The enabled `signal.created` endpoints of these teams: those that may receive their new signals. */
    async receivers(teamIds: string[]): Promise<EndpointRow[]> {
      if (teamIds.length === 0) return []
      // Asked for every page a polling pass stores, where most teams have no such endpoint: one plain statement says
      // whether any has, before drizzle builds and maps the whole query (docs/performance.md#budgets-in-blocks).
      const any = await db.$client.execute({
        sql: `select 1 from webhook_endpoints where team_id in (${teamIds.map(() => '?').join(',')})
          and enabled = 1 and event = 'signal.created' limit 1`,
        args: teamIds,
      })
      if (any.rows.length === 0) return []
      return db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            inArray(webhookEndpoints.teamId, teamIds),
            eq(webhookEndpoints.enabled, true),
            eq(webhookEndpoints.event, 'signal.created'),
          ),
        )
        .all()
    },
    /** How many deliveries to these teams' endpoints are still to be sent (first attempts and retries). */
    async pendingDeliveries(teamIds: string[]): Promise<number> {
      if (teamIds.length === 0) return 0
      const rs = await db.$client.execute({
        sql: `select count(*) as n from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where d.status = 'pending' and e.team_id in (${teamIds.map(() => '?').join(',')})`,
        args: teamIds,
      })
      return Number(rs.rows[0]?.n ?? 0)
    },
    byId(teamId: string, id: string): Promise<EndpointRow | undefined> {
      return db.select().from(webhookEndpoints).where(one(teamId, id)).get()
    },
    /** The endpoint of a delivery, whichever team it belongs to (the delivery worker). */
    byIdAnyTeam(id: string): Promise<EndpointRow | undefined> {
      return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get()
    },
    /** Changes what is given; another URL is another receiver, whose limit no answer has told yet (noteRemaining). */
    async update(teamId: string, id: string, patch: EndpointPatch): Promise<EndpointRow | undefined> {
      if (patch.url !== undefined) {
        const former = db.select({ id: webhookEndpoints.id }).from(webhookEndpoints)
        const other = and(one(teamId, id), sql`${webhookEndpoints.url} <> ${patch.url}`)
        await db.delete(webhookRateLimits).where(inArray(webhookRateLimits.endpointId, former.where(other)))
      }
      const set = { ...patch, windowFrom: windowStart(patch.windowFrom) }
      const [row] = await db.update(webhookEndpoints).set(set).where(one(teamId, id)).returning()
      return row
    },
    async remove(teamId: string, id: string): Promise<boolean> {
      const gone = await db.delete(webhookEndpoints).where(one(teamId, id)).returning({ id: webhookEndpoints.id })
      return gone.length > 0
    },
    /** A new secret; the current one keeps signing until `previousUntil` (epoch ms). */
    async rotate(teamId: string, id: string, secret: string, previousUntil: number): Promise<boolean> {
      const rows = await db
        .update(webhookEndpoints)
        .set({ secret, previousSecret: sql`${webhookEndpoints.secret}`, previousSecretUntil: previousUntil })
        .where(one(teamId, id))
        .returning({ id: webhookEndpoints.id })
      return rows.length > 0
    },
    /** After a success: the endpoint is no longer failing. */
    async markHealthy(id: string) {
      await db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.failingSince} is not null`))
    },
    /** After a failure: remembers since when it fails (the first failure after a success); returns that time. */
    async markFailing(id: string, nowMs: number): Promise<number> {
      await db
        .update(webhookEndpoints)
        .set({ failingSince: nowMs })
        .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.failingSince)))
      const row = await db
        .select({ since: webhookEndpoints.failingSince })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id))
        .get()
      return row?.since ?? nowMs
    },
    ...receiverPauses(db),
    /** Turned off by the service, with the reason shown to the team. */
    async disable(id: string, reason: string) {
      await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: reason })
        .where(eq(webhookEndpoints.id, id))
    },
  }
}
