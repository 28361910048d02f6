import type { GroupCommit } from '../group-commit'
import { quietWrite } from '../quiet-writes'
import type { Counters } from './usage'

// ?1 team, ?2 month, ?3 how many units. Quiet (docs/performance.md#quiet-writes), like the single takes.
const TAKE_MANY = quietWrite(`UPDATE teams SET quota_used = quota_used + ?3
  WHERE id = ?1 AND usage_month = ?2 RETURNING quota_used, credit_used, credits`)

type Waiting = { resolve: (c: Counters | undefined) => void; reject: (e: unknown) => void }

/**
 * Units of an unlimited plan's quota, taken for all the calls of one group commit at once
 * (docs/performance.md#unlimited-takes): one statement per team and month, built when the group is written, instead
 * of one per call. An unlimited quota always has a unit, so n takes are exactly one take of n; the calls get the
 * counters in turn, as if each had taken its own. A limited plan's take stays one statement per call, where the
 * atomic check against the limit is what keeps the quota exact. `onTaken` gets the counters after the last of them.
 */
export function createUnlimitedTakes(client: GroupCommit, onTaken: (teamId: string, counters: Counters) => void) {
  // Per team and month, the calls waiting for the statement their group will write.
  const due = new Map<string, Waiting[]>()

  async function write(teamId: string, month: string, waiting: Waiting[]) {
    const key = `${teamId}\u0000${month}`
    const rs = await client.execute(() => {
      // From here on, a call of this team and month waits for the next statement.
      due.delete(key)
      return { sql: TAKE_MANY, args: [teamId, month, waiting.length] }
    })
    const row = rs.rows[0]
    // No row: the team is gone or still in an earlier month; each call goes on as a failed take would.
    if (!row) return waiting.map(() => undefined)
    const last = {
      quotaUsed: Number(row.quota_used),
      creditUsed: Number(row.credit_used),
      credits: Number(row.credits),
    }
    onTaken(teamId, last)
    return waiting.map((_, i) => ({ ...last, quotaUsed: last.quotaUsed - (waiting.length - 1 - i) }))
  }

  return (teamId: string, month: string): Promise<Counters | undefined> =>
    new Promise((resolve, reject) => {
      const key = `${teamId}\u0000${month}`
      const waiting = due.get(key)
      if (waiting) return waiting.push({ resolve, reject })
      const first = [{ resolve, reject }]
      due.set(key, first)
      write(teamId, month, first).then(
        (counters) => {
          for (const [i, w] of first.entries()) w.resolve(counters[i])
        },
        (e) => {
          for (const w of first) w.reject(e)
        },
      )
    })
}
