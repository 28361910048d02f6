import type { Client } from '@libsql/client'
import { DB_NOW_MS } from './db-now'

/**
 * Deletes of monthly housekeeping. Each is one statement that re-checks its condition as it deletes, so a keyword
 * tracked again or a lease renewed between the job's reading and its writing is left alone.
 */
export function createHousekeepingRepo(client: Client) {
  const changed = async (sql: string, args: (string | number)[] = []) =>
    (await client.execute({ sql, args })).rowsAffected

  return {
    /** The (team, keyword spelling) groups of the pending queue. */
    async pendingKeywords(): Promise<{ teamId: string; keyword: string }[]> {
      const rs = await client.execute('select distinct team_id, keyword from pending_mentions')
      return rs.rows.map((r) => ({ teamId: String(r.team_id), keyword: String(r.keyword) }))
    },

    /** Drops a team's pending mentions found for `keyword`, unless the team tracks `keywordLc` (again) by now. */
    dropPending: (teamId: string, keyword: string, keywordLc: string) =>
      changed(
        `delete from pending_mentions where team_id = ? and keyword = ?
        and not exists (select 1 from keywords k where k.team_id = ? and k.keyword_lc = ?)`,
        [teamId, keyword, teamId, keywordLc],
      ),

    /** Cursors of keywords no team tracks any more (cursors are keyed by the lower-case keyword, as keywords are). */
    dropUntrackedCursors: () =>
      changed('delete from poll_cursors where keyword_lc not in (select keyword_lc from keywords)'),

    /**
     * Leases whose holder stopped renewing them; a live holder renews well before `expires_at`. Expired by the
     * database's time (db-now.ts): by a host clock that runs ahead, live leases of other hosts were dropped.
     */
    dropExpiredLeases: () => changed(`delete from job_leases where expires_at <= ${DB_NOW_MS}`),

    /** Receipts of units taken on a libSQL server a day ago or more (take-receipts.ts), by the database's clock. */
    dropOldTakeReceipts: () => changed(`delete from take_receipts where at <= ${DB_NOW_MS} - 86400000`),

    /** Undo records of console verdicts given at `before` (ISO time) or earlier: expired (verdict-undos.ts). */
    dropUndosBefore: (before: string) => changed('delete from verdict_undos where undoes <= ?', [before]),

    /**
     * Up to `batch` stored model answers created before `before` (ISO time). Batches keep each write transaction
     * short, so quota writes of requests in flight never wait long for the lock.
     */
    dropScoreCacheBatch: (before: string, batch: number) =>
      changed('delete from score_cache where rowid in (select rowid from score_cache where created_at < ? limit ?)', [
        before,
        batch,
      ]),

    /**
     * Up to `batch` destination windows claimed before `before` (ISO time): long after the destination's next window
     * moved past them, so no claim meets them again. In rowid order, which is the order they were claimed in, so a
     * batch finds the old ones first.
     */
    dropWindowsBatch: (before: string, batch: number) =>
      changed(
        'delete from destination_windows where rowid in (select rowid from destination_windows where created_at < ? limit ?)',
        [before, batch],
      ),

    /**
     * Up to `batch` posts of the earlier search route first shown before `before` (ISO time) and holding nothing: not
     * read, no note (a database of the earlier service may hold either). Shown again, such a post is remembered anew,
     * unread and without a note, as it was.
     */
    dropEarlierPostsBatch: (before: string, batch: number) =>
      changed(
        `delete from legacy_posts where rowid in (select rowid from legacy_posts where first_seen_at < ? and read = 0
        and note = '' limit ?)`,
        [before, batch],
      ),
  }
}
