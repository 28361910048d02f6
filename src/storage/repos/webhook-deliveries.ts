import type { Client } from '@libsql/client'
import { DB_NOW_MS } from './db-now'
import { DUE_ONE, DUE_PER_ENDPOINT } from './webhook-claim-sql'
import { type AttemptOutcome, COLUMNS, type Delivery, type DeliveryStatus, toDelivery } from './webhook-delivery-row'

export type { AttemptOutcome, Delivery, DeliveryStatus }
type Arg = string | number

/**
 * Claims the rows `due` selects (with `dueArgs`) for `a.claim` until `a.claimMs` past the database's present, then
 * reads them back by that token. `due` checks they are pending and free within this one statement, so the update
 * itself finds them by id.
 */
async function claimWhere(client: Client, a: { claim: string; claimMs: number }, due: string, dueArgs: Arg[]) {
  const taken = await client.execute({
    sql: `update webhook_deliveries set claimed_by = ?, claim_expires_at = ${DB_NOW_MS} + ?, attempts = attempts + 1
      where id in (${due})`,
    args: [a.claim, a.claimMs, ...dueArgs],
  })
  if (taken.rowsAffected === 0) return []
  const rs = await client.execute({
    // Any expiry, which webhook_deliveries_claim_idx finds among the few claimed rows: claimed_by has no index.
    sql: `select ${COLUMNS} from webhook_deliveries where claim_expires_at > 0 and claimed_by = ? and status = 'pending'`,
    args: [a.claim],
  })
  return rs.rows.map(toDelivery)
}

/**
 * The webhook outbox (docs/webhooks.md#delivery). Each statement stands alone, with no interactive transaction, so
 * it works the same on a local file and on a libSQL server over HTTP.
 */
export function createWebhookDeliveriesRepo(client: Client) {
  return {
    async insert(d: { id: string; endpointId: string; event: string; payload: string; nowMs: number; nowIso: string }) {
      await client.execute({
        sql: `insert into webhook_deliveries (id, endpoint_id, event, payload, status, attempts, next_attempt_at, created_at)
          values (?, ?, ?, ?, 'pending', 0, ?, ?)`,
        args: [d.id, d.endpointId, d.event, d.payload, d.nowMs, d.nowIso],
      })
    },

    /**
     * Claims up to `limit` due attempts as `claim` (a token unique to this call) in ONE statement: only rows whose
     * claim is free or expired, of enabled endpoints, are taken, so two processes on one database never claim the
     * same attempt. A receiver gets at most `perEndpoint` attempts in flight (fewer while it said fewer requests
     * remain; the destinations on one Discord webhook are one receiver), counting those claimed by any process, so one
     * receiver that never answers cannot take all. The claim lasts `claimMs` (longer than an attempt may take) by the
     * database's clock; a holder that dies lets it expire and the attempt is made again (same webhook-id). `nowMs`
     * (the host's) only says which attempts are due.
     * The UPDATE runs to its commit before the claimed rows are read back by their token: rows handed out by an
     * UPDATE … RETURNING whose commit then failed were seen sent twice with two servers on one file.
     */
    async claim(a: { claim: string; nowMs: number; claimMs: number; limit: number; perEndpoint: number }) {
      const [n, p] = [a.nowMs, a.perEndpoint]
      return claimWhere(client, a, DUE_PER_ENDPOINT, [p, p, n, p, n, n, a.limit])
    },

    /**
     * Claims the delivery `id` if it is due and free, whatever else its endpoint has in flight and whether or not it
     * is paused (a test send: its user waits for the answer).
     */
    async claimOne(a: { claim: string; nowMs: number; claimMs: number; id: string }) {
      return claimWhere(client, a, DUE_ONE, [a.id, a.nowMs])
    },

    /** Quiet hours: a claimed attempt is put back, not counted, until `untilMs` (docs/destinations.md#quiet-hours). */
    async hold(id: string, holder: string, untilMs: number): Promise<void> {
      await client.execute({
        sql: `update webhook_deliveries set next_attempt_at = ?, attempts = attempts - 1, claimed_by = null,
            claim_expires_at = null where id = ? and claimed_by = ?`,
        args: [untilMs, id, holder],
      })
    },

    /** The signals (or people turning hot) of an endpoint held until `fromMs` (quiet hours), due at `toMs` instead. */
    async moveHeld(endpointId: string, fromMs: number, toMs: number): Promise<void> {
      await client.execute({
        sql: `update webhook_deliveries set next_attempt_at = ? where endpoint_id = ? and status = 'pending'
            and event in ('signal.created', 'person.updated') and next_attempt_at = ?`,
        args: [toMs, endpointId, fromMs],
      })
    },

    /**
     * Writes an attempt's outcome if the claim is still `holder`'s (a replay meanwhile wins); frees the claim. An
     * uncounted attempt gives back the one the claim counted.
     */
    async finish(id: string, holder: string, o: AttemptOutcome): Promise<boolean> {
      const rs = await client.execute({
        sql: `update webhook_deliveries set status = ?, next_attempt_at = ?, last_status_code = ?, last_error = ?,
            last_attempt_at = ?, rate_limited_since = ?, attempts = attempts - ?, claimed_by = null,
            claim_expires_at = null
          where id = ? and claimed_by = ?`,
        args: [
          o.status,
          o.nextAttemptAt,
          o.statusCode,
          o.error,
          o.at,
          o.rateLimitedSince,
          o.uncounted ? 1 : 0,
          id,
          holder,
        ],
      })
      return rs.rowsAffected > 0
    },

    // An endpoint's deliveries, newest first; one millisecond's in the order written (rowid: the index gives it).
    async list(endpointId: string, a: { limit: number; status?: DeliveryStatus }): Promise<Delivery[]> {
      const rs = await client.execute({
        sql: `select ${COLUMNS} from webhook_deliveries where endpoint_id = ? ${a.status ? 'and status = ?' : ''}
          order by created_at desc, rowid desc limit ?`,
        args: a.status ? [endpointId, a.status, a.limit] : [endpointId, a.limit],
      })
      return rs.rows.map(toDelivery)
    },

    async byId(endpointId: string, id: string): Promise<Delivery | undefined> {
      const rs = await client.execute({
        sql: `select ${COLUMNS} from webhook_deliveries where endpoint_id = ? and id = ?`,
        args: [endpointId, id],
      })
      return rs.rows[0] ? toDelivery(rs.rows[0]) : undefined
    },

    /** Housekeeping: deliveries done (succeeded or given up) whose last attempt was before `before` (ISO time). */
    async dropFinishedBefore(before: string): Promise<number> {
      const rs = await client.execute({
        sql: `delete from webhook_deliveries where status != 'pending' and coalesce(last_attempt_at, created_at) < ?`,
        args: [before],
      })
      return rs.rowsAffected
    },

    /** Sends a delivery again from the start of the schedule, with the same id; an attempt in flight is disowned. */
    async replay(endpointId: string, id: string, nowMs: number): Promise<boolean> {
      const rs = await client.execute({
        sql: `update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = ?, claimed_by = null,
            claim_expires_at = null, rate_limited_since = null where endpoint_id = ? and id = ?`,
        args: [nowMs, endpointId, id],
      })
      return rs.rowsAffected > 0
    },
  }
}
