import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { webhookEndpoints, webhookRateLimits } from '../tables/webhooks'
import { dbNowMs } from './db-now'
import { receiverOf } from './webhook-claim-sql'

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
 * first forgets what the former receiver said of its rate limit.
 */
export function createWebhookEndpointsRepo(db: Db) {
  const one = (teamId: string, id: string) => and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.id, id))
  const pause = (which: SQL, untilMs: number, reason: string) =>
    db
      .update(webhookEndpoints)
      .set({ pausedUntil: untilMs, pausedReason: reason })
      .where(and(which, sql`(${webhookEndpoints.pausedUntil} is null or ${webhookEndpoints.pausedUntil} < ${untilMs})`))
  // The endpoints of the receiver `id` sends to, itself included.
  const sameReceiver = (id: string) =>
    sql`${sql.raw(receiverOf('webhook_endpoints'))} = (select ${sql.raw(receiverOf('s'))} from webhook_endpoints s where s.id = ${id})`
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
    /**
     * The receiver asked to be sent nothing before `untilMs` (epoch ms): the claim skips its endpoints (receiverOf)
     * until then. A pause set for longer stays, with its reason (answers to attempts in flight come in any order).
     */
    async pauseUntil(id: string, untilMs: number, reason: string) {
      await pause(sameReceiver(id), untilMs, reason)
    },
    /**
     * An answer said `remaining` requests are left until `resetAtMs` (epoch ms), noted on each endpoint of its receiver:
     * the claim keeps no more attempts under way to it until then. Answers come in any order, so while a reset noted
     * earlier is still ahead of `nowMs` the fewest said and the latest reset are kept (a later answer can only say
     * fewer); once it has passed, the answer's own. Nothing is noted for an endpoint deleted meanwhile.
     */
    async noteRemaining(id: string, remaining: number, resetAtMs: number, nowMs: number) {
      await db.$client.execute({
        sql: `insert into webhook_rate_limits (endpoint_id, remaining, reset_at)
            select e.id, ?, ? from webhook_endpoints e
            where ${receiverOf('e')} = (select ${receiverOf('s')} from webhook_endpoints s where s.id = ?)
          on conflict (endpoint_id) do update set
            remaining = case when reset_at > ? then min(remaining, excluded.remaining) else excluded.remaining end,
            reset_at = case when reset_at > ? then max(reset_at, excluded.reset_at) else excluded.reset_at end`,
        args: [remaining, resetAtMs, id, nowMs, nowMs],
      })
    },
    /** The same for every endpoint of this kind, whichever team's (a limit of the whole server's, such as Discord's). */
    async pauseKindUntil(kind: EndpointRow['kind'], untilMs: number, reason: string) {
      await pause(eq(webhookEndpoints.kind, kind), untilMs, reason)
    },
    /**
     * When the longest pause of this kind for this reason still running at `nowMs` ends (epoch ms), on any endpoint,
     * disabled or not: a limit of the whole server's (Discord's global one) is remembered on each it paused.
     */
    async kindPauseEnd(kind: EndpointRow['kind'], reason: string, nowMs: number): Promise<number | undefined> {
      const row = await db
        .select({ at: sql<number | null>`max(${webhookEndpoints.pausedUntil})` })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.kind, kind),
            eq(webhookEndpoints.pausedReason, reason),
            sql`${webhookEndpoints.pausedUntil} > ${nowMs}`,
          ),
        )
        .get()
      return row?.at ?? undefined
    },
    /**
     * When the first pause of an enabled endpoint still running at `nowMs` ends (epoch ms), if any is: its pause, or the
     * reset of a limit said to have no request left (the latest reset said, which may come after the pause ends).
     */
    async firstPauseEnd(nowMs: number): Promise<number | undefined> {
      const noneLeft = sql`case when ${webhookRateLimits.remaining} = 0 then ${webhookRateLimits.resetAt} end`
      const ends = sql<number>`max(coalesce(${webhookEndpoints.pausedUntil}, 0), coalesce(${noneLeft}, 0))`
      const row = await db
        .select({ at: sql<number | null>`min(${ends})` })
        .from(webhookEndpoints)
        .leftJoin(webhookRateLimits, eq(webhookRateLimits.endpointId, webhookEndpoints.id))
        .where(and(eq(webhookEndpoints.enabled, true), sql`${ends} > ${nowMs}`))
        .get()
      return row?.at ?? undefined
    },
    /** Turned off by the service, with the reason shown to the team. */
    async disable(id: string, reason: string) {
      await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: reason })
        .where(eq(webhookEndpoints.id, id))
    },
  }
}
