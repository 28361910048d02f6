import type { InStatement } from '@libsql/client'
import { chunks, tuples } from './multi-row'
import type { Delivery } from './polling-types'

/**
 * The outbox rows for signals just inserted in the same transaction (docs/webhooks.md#delivery): one pending
 * delivery per (signal, endpoint) pair the domain chose (domain/webhooks/filters.ts). Joined to the signals table by
 * id, so a post the team already had (its insert skipped) gets none, and to the endpoint, so one disabled since it was
 * chosen gets none. Written in the batch that stores the signals, so a signal is never stored without its
 * deliveries, whatever crashes. Destinations sent windows of signals (digests, e-mail: window_from set) get none:
 * their windows are built from the signals (destination-windows.ts). A muted person's signal, stored dismissed, gets
 * none (docs/people.md#mute).
 */
export function outboxInserts(deliveries: Delivery[], at: { ms: number; iso: string }): InStatement[] {
  return chunks(deliveries).map((part) => ({
    sql: `insert into webhook_deliveries (id, endpoint_id, event, signal_id, status, attempts, next_attempt_at, created_at)
      select 'msg_' || lower(hex(randomblob(12))), e.id, 'signal.created', s.id, 'pending', 0, ?, ?
      from (values ${tuples(part.length, 2)}) as v
      join signals s on s.id = v.column1 and s.dismissed = 0
      join webhook_endpoints e on e.id = v.column2 and e.team_id = s.team_id and e.enabled = 1
        and e.window_from is null`,
    args: [at.ms, at.iso, ...part.flatMap((d) => [d.signalId, d.endpointId])],
  }))
}
