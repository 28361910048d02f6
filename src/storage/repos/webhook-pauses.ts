import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { webhookEndpoints, webhookRateLimits } from '../tables/webhooks'
import { receiverOf } from './webhook-claim-sql'
import type { EndpointRow } from './webhook-endpoints'

/**
 * What receivers asked of this server, kept on the webhook endpoints (webhook-endpoints.ts) and in webhook_rate_limits
 * (docs/destinations.md#rate-limits): a pause until a time, per receiver or for a whole kind (Discord's global limit),
 * the requests said to remain, and when the first pause ends.
 */
export function receiverPauses(db: Db) {
  const pause = (which: SQL, untilMs: number, reason: string) =>
    db
      .update(webhookEndpoints)
      .set({ pausedUntil: untilMs, pausedReason: reason })
      .where(and(which, sql`(${webhookEndpoints.pausedUntil} is null or ${webhookEndpoints.pausedUntil} < ${untilMs})`))
  // The endpoints of the receiver `id` sends to, itself included.
  const sameReceiver = (id: string) =>
    sql`${sql.raw(receiverOf('webhook_endpoints'))} = (select ${sql.raw(receiverOf('s'))} from webhook_endpoints s where s.id = ${id})`
  return {
    /**
     * The receiver asked to be sent nothing before `untilMs` (epoch ms): the claim skips its endpoints (receiverOf)
     * until then. A pause set for longer stays, with its reason (answers to attempts in flight come in any order).
     */
    async pauseUntil(id: string, untilMs: number, reason: string) {
      await pause(sameReceiver(id), untilMs, reason)
    },
    /**
     * An answer said `remaining` requests are left until `resetAtMs` (epoch ms), noted on each endpoint of its
     * receiver: the claim keeps no more attempts under way to it until then. Answers come in any order, so while a
     * reset noted earlier is still ahead of `nowMs` the fewest said and the latest reset are kept (a later answer can
     * only say fewer); once it has passed, the answer's own. Nothing is noted for an endpoint deleted meanwhile.
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
    /**
     * The same for every endpoint of this kind, whichever team's (a limit of the whole server's, such as Discord's).
     */
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
     * When the first pause of an enabled endpoint still running at `nowMs` ends (epoch ms), if any is: its pause, or
     * the reset of a limit said to have no request left (the latest reset said, which may come after the pause ends).
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
  }
}
