import type { Client } from '@libsql/client'
import { createGroupCommit } from '../group-commit'

export type Counters = { quotaUsed: number; creditUsed: number; credits: number }

/**
 * The quota counters live on the team row and change only through single UPDATE statements, each atomic on its
 * own, so concurrent callers can never spend the same unit twice (docs/api.md#reserve-and-give-back). Every counted request writes
 * here, so the writes of one event-loop turn share a commit (see group-commit.ts).
 */
export function createUsageRepo(database: Client) {
  const client = createGroupCommit(database)
  const counters = (row: Record<string, unknown>): Counters => ({
    quotaUsed: Number(row.quota_used), creditUsed: Number(row.credit_used), credits: Number(row.credits),
  })
  return {
    /**
     * Moves the team into `month` if its counters belong to an earlier one: zero the counters and, on a credit plan,
     * top the balance up to the monthly allowance. Idempotent, so it is safe after downtime or from many callers.
     */
    async rollOver(teamId: string, month: string, monthlyCredits: number) {
      await client.execute({
        sql: `UPDATE teams SET usage_month = ?, quota_used = 0, credit_used = 0,
                credits = CASE WHEN ? > credits THEN ? ELSE credits END
              WHERE id = ? AND usage_month < ?`,
        args: [month, monthlyCredits, monthlyCredits, teamId, month],
      })
    },
    /** Takes one unit of the monthly quota if any is left (`limit` null: unlimited). */
    async takeQuota(teamId: string, month: string, limit: number | null): Promise<Counters | undefined> {
      const rs = await client.execute({
        sql: `UPDATE teams SET quota_used = quota_used + 1
              WHERE id = ? AND usage_month = ? AND (? IS NULL OR quota_used < ?)
              RETURNING quota_used, credit_used, credits`,
        args: [teamId, month, limit, limit],
      })
      return rs.rows[0] && counters(rs.rows[0])
    },
    async takeCredit(teamId: string, month: string): Promise<Counters | undefined> {
      const rs = await client.execute({
        sql: `UPDATE teams SET credits = credits - 1, credit_used = credit_used + 1
              WHERE id = ? AND usage_month = ? AND credits > 0
              RETURNING quota_used, credit_used, credits`,
        args: [teamId, month],
      })
      return rs.rows[0] && counters(rs.rows[0])
    },
    /** Gives back a unit taken in `month`; a quota unit taken before a month change is simply gone with the month. */
    async giveBack(teamId: string, month: string, source: 'quota' | 'credit') {
      const sql = source === 'quota'
        ? 'UPDATE teams SET quota_used = quota_used - 1 WHERE id = ? AND usage_month = ? AND quota_used > 0'
        : `UPDATE teams SET credits = credits + 1,
             credit_used = CASE WHEN usage_month = ? AND credit_used > 0 THEN credit_used - 1 ELSE credit_used END
           WHERE id = ?`
      await client.execute({ sql, args: source === 'quota' ? [teamId, month] : [month, teamId] })
    },
  }
}
