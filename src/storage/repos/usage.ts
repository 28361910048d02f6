import type { Client } from '@libsql/client'
import { createGroupCommit } from '../group-commit'

export type Counters = { quotaUsed: number; creditUsed: number; credits: number }

/** One unit taken for a counted call in flight; `window` is the hold window it is held in (null: not held). */
export type Reservation = { teamId: string; month: string; source: 'quota' | 'credit'; window: number | null; counters: Counters }

/**
 * Holds are counted in windows of this length: a unit reserved in window w counts as held until the end of window
 * w + 1, so holds that nobody settles (their process died) stop counting after one to two windows.
 */
export const HOLD_WINDOW_MS = 30_000
export const holdWindowOf = (at: Date) => Math.floor(at.getTime() / HOLD_WINDOW_MS)

// The counters of the newest two windows: a reservation in a later window moves them along (all SET expressions
// of an UPDATE read the row as it was).
const TAKE_HOLD = `hold_window = :w,
  holds_in_previous = CASE WHEN hold_window = :w THEN holds_in_previous WHEN hold_window = :w - 1 THEN holds_in_window ELSE 0 END,
  holds_in_window = CASE WHEN hold_window = :w THEN holds_in_window ELSE 0 END + 1`
// Settling a hold taken in window :t (null: not held) subtracts it from that window's counter while it still counts.
const RELEASE_HOLD = `
  holds_in_window = CASE WHEN hold_window = :t THEN MAX(holds_in_window - 1, 0) ELSE holds_in_window END,
  holds_in_previous = CASE WHEN hold_window = :t + 1 THEN MAX(holds_in_previous - 1, 0) ELSE holds_in_previous END`
const HELD_AT = `CASE WHEN hold_window = :w THEN holds_in_window + holds_in_previous WHEN hold_window = :w - 1 THEN holds_in_window ELSE 0 END`
const COUNTERS = 'RETURNING quota_used, credit_used, credits'

/**
 * The quota counters live on the team row and change only through single UPDATE statements, each atomic on its
 * own, so concurrent callers can never spend the same unit twice (docs: quota), also across processes. Every
 * counted request writes here, so the writes of one event-loop turn share a commit (see group-commit.ts).
 *
 * Units reserved by calls in flight are also counted on the row (a hold), in the same statement that takes them,
 * so that a call finding no unit free can tell, in any process, whether some may still come back. This repo also
 * remembers which of its own reservations are unsettled, so that a server stopping can give them back.
 */
export function createUsageRepo(database: Client) {
  const client = createGroupCommit(database)
  const unsettled = new Set<Reservation>()
  const releasing = new Set<Promise<unknown>>()
  const counters = (row: Record<string, unknown>): Counters => ({
    quotaUsed: Number(row.quota_used), creditUsed: Number(row.credit_used), credits: Number(row.credits),
  })

  async function take(source: Reservation['source'], a: { teamId: string; month: string; limit: number | null; window: number | null }) {
    const hold = a.window === null ? '' : `, ${TAKE_HOLD}`
    const sql = source === 'quota'
      ? `UPDATE teams SET quota_used = quota_used + 1${hold}
         WHERE id = :team AND usage_month = :month AND (:limit IS NULL OR quota_used < :limit) ${COUNTERS}`
      : `UPDATE teams SET credits = credits - 1, credit_used = credit_used + 1${hold}
         WHERE id = :team AND usage_month = :month AND credits > 0 ${COUNTERS}`
    const args = { team: a.teamId, month: a.month, ...(source === 'quota' && { limit: a.limit }), ...(a.window !== null && { w: a.window }) }
    const rs = await client.execute({ sql, args })
    if (!rs.rows[0]) return undefined
    const r: Reservation = { teamId: a.teamId, month: a.month, source, window: a.window, counters: counters(rs.rows[0]) }
    unsettled.add(r)
    return r
  }

  async function giveBack(r: Reservation) {
    if (!unsettled.delete(r)) return
    // A unit taken before a month change is simply gone with the month; its hold is settled all the same.
    const sql = r.source === 'quota'
      ? `UPDATE teams SET quota_used = CASE WHEN usage_month = :month AND quota_used > 0 THEN quota_used - 1 ELSE quota_used END,
           ${RELEASE_HOLD} WHERE id = :team`
      : `UPDATE teams SET credits = credits + 1,
           credit_used = CASE WHEN usage_month = :month AND credit_used > 0 THEN credit_used - 1 ELSE credit_used END,
           ${RELEASE_HOLD} WHERE id = :team`
    await client.execute({ sql, args: { team: r.teamId, month: r.month, t: r.window } })
  }

  return {
    /**
     * Moves the team into `month` if its counters belong to an earlier one: zero the counters and, on a credit plan,
     * top the balance up to the monthly allowance. Idempotent, so it is safe after downtime or from many callers.
     * Holds are left alone: the calls holding them are still running.
     */
    async rollOver(teamId: string, month: string, monthlyCredits: number) {
      await client.execute({
        sql: `UPDATE teams SET usage_month = ?, quota_used = 0, credit_used = 0,
                credits = CASE WHEN ? > credits THEN ? ELSE credits END
              WHERE id = ? AND usage_month < ?`,
        args: [month, monthlyCredits, monthlyCredits, teamId, month],
      })
    },
    /**
     * Takes one unit of the monthly quota if any is left (`limit` null: unlimited), else one credit. A limited
     * plan's unit is also held until `keep` or `giveBack`: only there can a call run out and need to wait.
     */
    async reserve(teamId: string, month: string, limit: number | null, at: Date): Promise<Reservation | undefined> {
      const window = limit === null ? null : holdWindowOf(at)
      return (await take('quota', { teamId, month, limit, window })) ?? (await take('credit', { teamId, month, limit, window }))
    },
    /**
     * The call succeeded: its unit stays spent and its hold ends (written with the next group, not waited for).
     * False when the unit was already given back (the server stopped first): the call must not count as done.
     */
    keep(r: Reservation): boolean {
      if (!unsettled.delete(r)) return false
      if (r.window !== null) {
        const write = client.execute({ sql: `UPDATE teams SET ${RELEASE_HOLD} WHERE id = :team`, args: { team: r.teamId, t: r.window } })
          // A hold whose release fails stops counting with its window; nothing else depends on it.
          .catch(() => undefined)
          .finally(() => releasing.delete(write))
        releasing.add(write)
      }
      return true
    },
    /** The call failed: the unit comes back to the team and its hold ends. Idempotent. */
    giveBack,
    /** Gives back every unit this process still holds (calls cut off at shutdown) and finishes pending writes. */
    async giveBackAll(): Promise<number> {
      const left = [...unsettled]
      await Promise.all([...left.map(giveBack), ...releasing])
      return left.length
    },
    /** Whether a unit is free for `month`, and how many units calls in flight hold now (in any process). */
    async holding(teamId: string, month: string, limit: number | null, at: Date): Promise<{ free: boolean; held: number }> {
      const rs = await database.execute({
        sql: `SELECT usage_month = :month AND ((:limit IS NULL OR quota_used < :limit) OR credits > 0) AS free, ${HELD_AT} AS held
              FROM teams WHERE id = :team`,
        args: { team: teamId, month, limit, w: holdWindowOf(at) },
      })
      const row = rs.rows[0]
      return { free: Boolean(row && Number(row.free)), held: row ? Number(row.held) : 0 }
    },
  }
}
