import type { Client, InStatement } from '@libsql/client'
import { chunks, signalInserts, teamExists, tuples } from './multi-row'
import type { CursorUpdate, PendingKey, StoredOutcome } from './polling-types'
import { streamPositionUpsert } from './stream-positions'
import { figureUpdates, peopleUpserts } from './people-figures'
import { outboxInserts } from './webhook-outbox'
import { withoutNul } from './signal-text'

const cursorUpsert = (c: CursorUpdate): InStatement => ({
  sql: `insert into poll_cursors (platform, keyword_lc, newest_at, newest_ids, polled_at) values (?, ?, ?, ?, ?)
    on conflict (platform, keyword_lc) do update set newest_at = excluded.newest_at, newest_ids = excluded.newest_ids,
    polled_at = excluded.polled_at`,
  args: [c.platform, c.keywordLc, c.newestAt, JSON.stringify(c.newestIds), c.polledAt],
})

/**
 * `head` (a delete or update of pending_mentions) for the given keys, as one statement per team and platform with
 * `post_id in (...)`: that form walks the primary key, where a row-value `in (values ...)` scans the whole table.
 */
export function byTeamAndPlatform(keys: PendingKey[], head: string): InStatement[] {
  const groups = new Map<string, PendingKey[]>()
  for (const k of keys) {
    const g = `${k.teamId}\u0000${k.platform}`
    const list = groups.get(g)
    if (list) list.push(k)
    else groups.set(g, [k])
  }
  return [...groups.values()].flatMap((group) =>
    chunks(group).map((part) => ({
      sql: `${head} where team_id = ? and platform = ? and post_id in (${part.map(() => '?').join(',')})`,
      args: [part[0].teamId, part[0].platform, ...part.map((k) => k.postId)],
    })),
  )
}

/** The statements that store one outcome, and how many of them (the first ones) insert signals. */
function statementsOf(a: StoredOutcome): { stmts: InStatement[]; first: number; inserts: number } {
  const at = { ms: a.storedAt.getTime(), iso: a.storedAt.toISOString() }
  const signals = a.signals.map(withoutNul)
  const stmts = peopleUpserts(signals, at.iso)
  const first = stmts.length
  stmts.push(...signalInserts(signals, 'returning platform'))
  const inserts = stmts.length - first
  stmts.push(...outboxInserts(a.deliveries, at))
  stmts.push(
    ...figureUpdates(
      a.signals.map((s) => s.id),
      at,
    ),
  )
  stmts.push(...byTeamAndPlatform(a.scored, 'delete from pending_mentions'))
  stmts.push(
    ...chunks(a.queue).map((part) => ({
      sql: `insert into pending_mentions (team_id, platform, post_id, keyword, mention, fetched_at)
      select column1, column2, column3, column4, column5, column6 from (values ${tuples(part.length, 6)}) as v
      where not exists (select 1 from signals s where s.team_id = v.column1 and s.platform = v.column2 and s.post_id = v.column3)
        and ${teamExists('v.column1')}
      on conflict do nothing`,
      args: part.flatMap((r) => [r.teamId, r.platform, r.postId, r.keyword, JSON.stringify(r.mention), a.fetchedAt]),
    })),
  )
  stmts.push(...byTeamAndPlatform(a.failed, 'update pending_mentions set attempts = attempts + 1'))
  // Cached signal totals and pages are keyed by this version (repos/signals/cache.ts).
  for (const teamId of new Set(a.signals.map((s) => s.teamId))) {
    stmts.push({ sql: 'update teams set signals_version = signals_version + 1 where id = ?', args: [teamId] })
  }
  if (a.cursor) stmts.push(cursorUpsert(a.cursor))
  if (a.stream) stmts.push(streamPositionUpsert(a.stream))
  return { stmts, first, inserts }
}

/**
 * Stores each outcome (createPollingRepo().store), all of them in one transaction: either all of it happens or none.
 * Returns, per outcome, the platform of each signal it created.
 */
export async function storeAll(client: Client, outcomes: StoredOutcome[]): Promise<string[][]> {
  const all: InStatement[] = []
  const parts = outcomes.map((a) => {
    const { stmts, first, inserts } = statementsOf(a)
    const from = all.length + first
    all.push(...stmts)
    return { from, inserts }
  })
  if (all.length === 0) return outcomes.map(() => [])
  const results = await client.batch(all, 'write')
  return parts.map(({ from, inserts }) =>
    results.slice(from, from + inserts).flatMap((rs) => rs.rows.map((r) => String(r.platform))),
  )
}
