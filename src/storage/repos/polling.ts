import type { Client } from '@libsql/client'
import { openPollingWriter, type PollingWriter } from '../polling-writer/writer'
import { byTeamAndPlatform, storeAll } from './polling-outcome'
import type { CursorUpdate, PendingKey, PendingMention, StoredOutcome } from './polling-types'

const keyOf = (teamId: unknown, platform: unknown, postId: unknown) => `${teamId}\u0000${platform}\u0000${postId}`
/**
 * The polling pipeline's storage: cursors, the pending queue and the hand-over of scored mentions to signals.
 * Raw multi-row SQL on the client: a pass moves every fetched mention through here, and building one
 * statement per row through the query builder would cost more than the database work.
 */
export function createPollingRepo(client: Client, file?: string) {
  const store = async (a: StoredOutcome): Promise<string[]> => (await storeAll(client, [a]))[0] as string[]
  return {
    /** Every (platform, keyword) cursor; the pass keys them by domain/polling/cursor.ts `cursorKey`. */
    async cursors(): Promise<CursorUpdate[]> {
      const rs = await client.execute('select platform, keyword_lc, newest_at, newest_ids, polled_at from poll_cursors')
      return rs.rows.map((r) => ({
        platform: String(r.platform),
        keywordLc: String(r.keyword_lc),
        newestAt: r.newest_at === null ? null : String(r.newest_at),
        newestIds: JSON.parse(String(r.newest_ids)) as string[],
        polledAt: String(r.polled_at),
      }))
    },

    /** Of `pairs`, those that are neither a signal nor queued already: what is left to score. */
    async unhandled<P extends PendingKey>(pairs: P[]): Promise<P[]> {
      if (pairs.length === 0) return []
      const stmts = ['signals', 'pending_mentions'].flatMap((table) =>
        byTeamAndPlatform(pairs, `select team_id, platform, post_id from ${table}`),
      )
      const found = (await client.batch(stmts, 'read')).flatMap((rs) => rs.rows)
      const handled = new Set(found.map((r) => keyOf(r.team_id, r.platform, r.post_id)))
      return handled.size === 0 ? pairs : pairs.filter((p) => !handled.has(keyOf(p.teamId, p.platform, p.postId)))
    },

    /** Pending mentions in key order after `after`, of one team or all. */
    async pendingPage<M>(a: { teamId?: string; after?: PendingKey; limit: number }): Promise<PendingMention<M>[]> {
      const where: string[] = []
      const args: (string | number)[] = []
      if (a.teamId) {
        where.push('team_id = ?')
        args.push(a.teamId)
      }
      if (a.after) {
        where.push('(team_id, platform, post_id) > (?, ?, ?)')
        args.push(a.after.teamId, a.after.platform, a.after.postId)
      }
      args.push(a.limit)
      const rs = await client.execute({
        sql: `select team_id, platform, post_id, keyword, mention, attempts from pending_mentions
          ${where.length ? `where ${where.join(' and ')}` : ''} order by team_id, platform, post_id limit ?`,
        args,
      })
      return rs.rows.map((r) => ({
        teamId: String(r.team_id),
        platform: String(r.platform),
        postId: String(r.post_id),
        keyword: String(r.keyword),
        mention: JSON.parse(String(r.mention)) as M,
        attempts: Number(r.attempts),
      }))
    },

    /**
     * One transaction: stores the qualified mentions as signals (a post the team already has is skipped), takes the
     * `scored` mentions off the queue, queues the mentions in `queue` (unless already a signal or queued), counts a
     * failed attempt for the `failed` ones, and moves `cursor` when given. Either all of it happens or none, so a crash
     * never skips a mention. Returns the platform of each signal created.
     */
    store,

    /**
     * Where a pass stores its outcomes, as `store` does: on a database file a thread of its own with its own connection
     * (docs/performance.md#the-polling-writer), elsewhere this connection. `close` once the pass is over.
     */
    openWriter: (): PollingWriter => (file ? openPollingWriter(file) : { store, close: async () => {} }),

    /** Several outcomes as `store` does each, in one transaction (docs/performance.md#the-polling-writer). */
    storeAll: (outcomes: StoredOutcome[]) => storeAll(client, outcomes),

    /** Pending mentions per platform, of one team or all. */
    async pendingCounts(teamId?: string): Promise<Map<string, number>> {
      const rs = await client.execute({
        sql: `select platform, count(*) as n from pending_mentions ${teamId ? 'where team_id = ?' : ''} group by platform`,
        args: teamId ? [teamId] : [],
      })
      return new Map(rs.rows.map((r) => [String(r.platform), Number(r.n)]))
    },
  }
}
