import type { InStatement } from '@libsql/client'
import { chunks } from './multi-row'

/**
 * The outbox rows for signals just inserted in the same transaction (docs/webhooks.md#delivery): one pending
 * delivery per (signal, enabled endpoint of its team whose filters it passes). Selected from the signals table by
 * id, so a post the team already had (its insert skipped) gets none. Written in the batch that stores the signals,
 * so a signal is never stored without its deliveries, whatever crashes. Destinations sent windows of signals (digests,
 * e-mail: window_from set) get none: their windows are built from the signals (destination-windows.ts).
 */
export function outboxInserts(signalIds: string[], at: { ms: number; iso: string }): InStatement[] {
  return chunks(signalIds).map((ids) => ({
    sql: `insert into webhook_deliveries (id, endpoint_id, event, signal_id, status, attempts, next_attempt_at, created_at)
      select 'msg_' || lower(hex(randomblob(12))), e.id, 'signal.created', s.id, 'pending', 0, ?, ?
      from signals s join webhook_endpoints e on e.team_id = s.team_id
      where s.id in (${ids.map(() => '?').join(',')}) and e.enabled = 1 and e.event = 'signal.created'
        and e.window_from is null
        and s.score >= e.min_score
        and (e.intents is null or s.intent in (select value from json_each(e.intents)))
        and (e.platforms is null or s.platform in (select value from json_each(e.platforms)))
        and (e.keywords is null or lower(s.keyword) in (select lower(value) from json_each(e.keywords)))`,
    args: [at.ms, at.iso, ...ids],
  }))
}
