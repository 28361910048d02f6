// The statements that choose which delivery attempts a claim takes (webhook-deliveries.ts). Whether a claim is still
// held is the database's time (db-now.ts), never the claiming host's: by a clock minutes ahead, the attempts another
// host was sending looked free and were sent twice.
import { DB_NOW_MS } from './db-now'

/**
 * The receiver whose rate limit an endpoint's attempts count against (docs/destinations.md#rate-limits), as SQL over
 * the endpoint row `e`: Discord limits a webhook (one route, its id and token), whichever destinations post to it, so
 * a Discord endpoint's receiver is its webhook id, the number after /webhooks/ (kinds.ts checks the path), however
 * the URL writes it: discord.com or discordapp.com, ptb. or canary., an API version (/api/v10), a trailing slash, a
 * query or fragment (a thread, ?wait=true). Any other endpoint is a receiver of its own.
 */
export const receiverOf = (e: string) => {
  const afterWebhooks = `substr(${e}.url, instr(${e}.url, '/webhooks/') + 10)`
  return `(case when ${e}.kind = 'discord' then 'discord:' || substr(${afterWebhooks}, 1,
    instr(${afterWebhooks} || '/', '/') - 1) else ${e}.id end)`
}

// Each enabled endpoint's oldest due, unclaimed attempts (looked up per endpoint: CROSS JOIN keeps the endpoints as
// the outer loop, so no more than `perEndpoint` rows of each are read), ranked per receiver (receiverOf: two Discord
// destinations on one webhook share it) after the attempts it already has in flight (only a claimed row has
// claim_expires_at: finish, hold and replay clear it; named index, or the planner reads the whole table in endpoint
// order to group it); those within its share: `perEndpoint`, or fewer while its receiver's answers said fewer
// requests remain until a reset still ahead (webhook_rate_limits, the fewest any of its endpoints noted). An
// endpoint paused past now (its receiver asked to wait: docs/destinations.md#rate-limits) gives none. Oldest is by due
// time, then by rowid, the order the deliveries were written in (an index holds the rowid after its columns), in all
// three steps: a pass's deliveries are due at one time, and ranked by their random ids a later one passed an earlier
// one (one answered 429 included) whenever fewer places were free than attempts due (docs/webhooks.md#delivery).
export const DUE_PER_ENDPOINT = `select id from (
    select d.id, d.next_attempt_at, d.rowid as written,
      row_number() over (partition by ${receiverOf('e')} order by d.next_attempt_at, d.rowid) + coalesce(b.n, 0)
        as place,
      coalesce(min(r.remaining, ?), ?) as share
    from webhook_endpoints e
    cross join webhook_deliveries d on d.id in (
      select x.id from webhook_deliveries x
      where x.endpoint_id = e.id and x.status = 'pending' and x.next_attempt_at <= ?
        and (x.claim_expires_at is null or x.claim_expires_at <= ${DB_NOW_MS})
      order by x.next_attempt_at, x.rowid limit ?)
    left join (select ${receiverOf('o')} as receiver, count(*) as n
      from webhook_deliveries c indexed by webhook_deliveries_claim_idx join webhook_endpoints o on o.id = c.endpoint_id
      where c.claim_expires_at > ${DB_NOW_MS} group by receiver) b on b.receiver = ${receiverOf('e')}
    left join (select ${receiverOf('o')} as receiver, min(l.remaining) as remaining
      from webhook_rate_limits l join webhook_endpoints o on o.id = l.endpoint_id
      where l.reset_at > ? group by receiver) r on r.receiver = ${receiverOf('e')}
    where e.enabled = 1 and (e.paused_until is null or e.paused_until <= ?))
  where place <= share order by next_attempt_at, written limit ?`
export const DUE_ONE = `select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
  where d.id = ? and d.status = 'pending' and d.next_attempt_at <= ? and e.enabled = 1
    and (d.claim_expires_at is null or d.claim_expires_at <= ${DB_NOW_MS})`
