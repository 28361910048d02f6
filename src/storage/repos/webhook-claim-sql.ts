// The statements that choose which delivery attempts a claim takes (webhook-deliveries.ts). Whether a claim is still
// held is the database's time (db-now.ts), never the claiming host's: by a clock minutes ahead, the attempts another
// host was sending looked free and were sent twice.
import { DB_NOW_MS } from './db-now'

// Each enabled endpoint's oldest due, unclaimed attempts (looked up per endpoint: CROSS JOIN keeps the endpoints as
// the outer loop, so no more than `perEndpoint` rows of each are read), ranked after the attempts it already has in
// flight (only a claimed row has claim_expires_at: finish, hold and replay clear it; named index, or the planner
// reads the whole table in endpoint order to group it); those within its share: `perEndpoint`, or fewer while its
// receiver's answers said fewer requests remain until a reset still ahead (webhook_rate_limits). An
// endpoint paused past now (its receiver asked to wait: docs/destinations.md#rate-limits) gives none. Oldest is by due time, then by rowid, the
// order the deliveries were written in (an index holds the rowid after its columns), in all three steps: a pass's
// deliveries are due at one time, and ranked by their random ids a later one passed an earlier one (one answered 429
// included) whenever fewer places were free than attempts due (docs/webhooks.md#delivery).
export const DUE_PER_ENDPOINT = `select id from (
    select d.id, d.next_attempt_at, d.rowid as written,
      row_number() over (partition by d.endpoint_id order by d.next_attempt_at, d.rowid) + coalesce(b.n, 0) as place,
      case when r.reset_at > ? then min(r.remaining, ?) else ? end as share
    from webhook_endpoints e
    cross join webhook_deliveries d on d.id in (
      select x.id from webhook_deliveries x
      where x.endpoint_id = e.id and x.status = 'pending' and x.next_attempt_at <= ?
        and (x.claim_expires_at is null or x.claim_expires_at <= ${DB_NOW_MS})
      order by x.next_attempt_at, x.rowid limit ?)
    left join (select endpoint_id, count(*) as n from webhook_deliveries indexed by webhook_deliveries_claim_idx
      where claim_expires_at > ${DB_NOW_MS} group by endpoint_id) b on b.endpoint_id = e.id
    left join webhook_rate_limits r on r.endpoint_id = e.id
    where e.enabled = 1 and (e.paused_until is null or e.paused_until <= ?))
  where place <= share order by next_attempt_at, written limit ?`
export const DUE_ONE = `select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
  where d.id = ? and d.status = 'pending' and d.next_attempt_at <= ? and e.enabled = 1
    and (d.claim_expires_at is null or d.claim_expires_at <= ${DB_NOW_MS})`
