import type { Client } from '@libsql/client'

export type BudgetRow = { platform: string; windowStart: string; used: number }
/** A charge that was refused: the platform asked us to wait (`retryAt`), or the window's budget is spent. */
type Refusal = { retryAt?: string; used: number }

// One statement takes `cost` requests of the platform's current window, or nothing: the SELECT yields no row while a
// rate limit's retry time (platform_health.retry_at) is ahead, and the upsert's WHERE refuses a charge past the
// budget. A row of an earlier window counts as empty and moves to this one; a later window (another process whose
// clock runs ahead) is kept. Atomic in SQLite, so processes sharing the database never overspend between them.
const CHARGE = `insert into platform_budgets (platform, window_start, used)
  select ?1, ?2, ?3
  where ?3 <= ?4 and not exists (select 1 from platform_health h where h.platform = ?1 and h.retry_at > ?5)
  on conflict (platform) do update set
    used = case when platform_budgets.window_start >= excluded.window_start
      then platform_budgets.used + excluded.used else excluded.used end,
    window_start = max(platform_budgets.window_start, excluded.window_start)
  where (case when platform_budgets.window_start >= excluded.window_start then platform_budgets.used else 0 end)
    + excluded.used <= ?4
  returning used`

/** docs/platforms.md#budgets: the requests each platform's budget window has spent, shared by every process. */
export function createPlatformBudgetsRepo(client: Client) {
  return {
    /**
     * Takes `cost` requests of `platform`'s window starting at `windowStart` (ISO 8601 UTC) if `limit` allows and no
     * retry time is ahead of `now`. Returns null when charged, else why not.
     */
    async charge(a: {
      platform: string
      windowStart: string
      cost: number
      limit: number
      now: string
    }): Promise<Refusal | null> {
      const rs = await client.execute({
        sql: CHARGE,
        args: [a.platform, a.windowStart, a.cost, a.limit, a.now],
      })
      if (rs.rows.length > 0) return null
      // Refused (rare): one read to say why.
      const [health, budget] = await client.batch(
        [
          {
            sql: 'select retry_at from platform_health where platform = ? and retry_at > ?',
            args: [a.platform, a.now],
          },
          { sql: 'select window_start, used from platform_budgets where platform = ?', args: [a.platform] },
        ],
        'read',
      )
      const retryAt = health.rows[0]?.retry_at
      const row = budget.rows[0]
      const used = row && String(row.window_start) >= a.windowStart ? Number(row.used) : 0
      return { retryAt: retryAt ? String(retryAt) : undefined, used }
    },

    /** The retry time a rate limit asked for, if it is still ahead of `now` (a read: nothing is charged). */
    async retryAhead(platform: string, now: string): Promise<string | null> {
      const rs = await client.execute({
        sql: 'select retry_at from platform_health where platform = ? and retry_at > ?',
        args: [platform, now],
      })
      const at = rs.rows[0]?.retry_at
      return at ? String(at) : null
    },

    /**
     * Gives back `count` requests charged but never sent (a pass's unspent reservation, domain/budgets/reservation.ts),
     * if the row is still in the window they were charged to: in a later window they count for nothing already.
     */
    async giveBack(a: { platform: string; windowStart: string; count: number }): Promise<void> {
      await client.execute({
        sql: 'update platform_budgets set used = max(0, used - ?3) where platform = ?1 and window_start = ?2',
        args: [a.platform, a.windowStart, a.count],
      })
    },

    async list(): Promise<BudgetRow[]> {
      const rs = await client.execute('select platform, window_start, used from platform_budgets')
      return rs.rows.map((r) => ({
        platform: String(r.platform),
        windowStart: String(r.window_start),
        used: Number(r.used),
      }))
    },
  }
}
