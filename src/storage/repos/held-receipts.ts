import type { Client } from '@libsql/client'
import { DB_NOW_MS } from './db-now'
import { settlement } from './take-receipts'

// The units still out, with what giving each back needs and how long ago (the database's clock) its call last said
// it runs. Rows written before receipts named their unit have no team, and are left to housekeeping.
const OUT = `SELECT id, team_id, month, source, hold_window, holder, ${DB_NOW_MS} - at AS quiet_ms
  FROM take_receipts WHERE taken = 1 AND team_id IS NOT NULL`

/**
 * The units held by calls of other processes that died (docs/api.md#reserve-and-give-back): a process killed outright
 * cannot give back what its calls in flight took. Each such unit is given back through its receipt, in the
 * transaction that gives back a failed call's (take-receipts.ts), so it comes back exactly once, however many
 * processes find it at once, and not at all if its call kept it first.
 */
export function createHeldReceipts(database: Client, holder: string) {
  return {
    /**
     * Gives back the units of other processes' calls whose holder is `gone` by its name, or, when whether it runs
     * is `unknown` (another machine's), that said nothing for over `quietMs`. Returns how many came back.
     */
    async giveBackLeft(a: {
      quietMs: number
      holder: (name: string) => 'gone' | 'alive' | 'unknown'
    }): Promise<number> {
      const rs = await database.execute(OUT)
      let given = 0
      for (const row of rs.rows) {
        const by = String(row.holder ?? '')
        const standing = by === holder ? 'alive' : a.holder(by)
        if (standing === 'alive' || (standing === 'unknown' && Number(row.quiet_ms) <= a.quietMs)) continue
        const source = row.source === 'credit' ? 'credit' : 'quota'
        const window = row.hold_window === null ? null : Number(row.hold_window)
        const o = { id: String(row.id), teamId: String(row.team_id), month: String(row.month), source, window }
        const results = await database.batch(settlement({ ...o, source, inDoubt: false }), 'write')
        given += results[1].rowsAffected
      }
      return given
    },
  }
}
