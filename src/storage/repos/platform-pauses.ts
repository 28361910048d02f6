import type { Client } from '@libsql/client'
import { DB_NOW_MS } from './db-now'

// docs/architecture.md#pauses-a-platform-announced: the waits platforms announced, shared by every process on the
// database. Times are the database's (db-now.ts): a host whose clock is off holds a pause as long as the others.
const HOLD = `insert into platform_pauses (key, platform, until_ms, why) values (?1, ?2, ${DB_NOW_MS} + ?3, ?4)
  on conflict (key) do update set until_ms = excluded.until_ms, why = excluded.why
  where excluded.until_ms > platform_pauses.until_ms`

/** The store of platforms/common/shared-pauses.ts over the platform_pauses table. */
export function createPlatformPausesRepo(client: Client) {
  return {
    /** The pauses still ahead, with the milliseconds left of each. */
    async ahead(): Promise<{ key: string; msLeft: number; why: string }[]> {
      const rs = await client.execute(
        `select key, until_ms - ${DB_NOW_MS} as left, why from platform_pauses where until_ms > ${DB_NOW_MS}`,
      )
      return rs.rows.map((r) => ({ key: String(r.key), msLeft: Number(r.left), why: String(r.why) }))
    },
    /** Holds `key` for `ms` from the database's now, unless a later end is kept; ended pauses are dropped. */
    async hold(a: { key: string; platform: string; ms: number; why: string }): Promise<void> {
      await client.batch(
        [
          { sql: `delete from platform_pauses where until_ms <= ${DB_NOW_MS}`, args: [] },
          { sql: HOLD, args: [a.key, a.platform, Math.ceil(a.ms), a.why] },
        ],
        'write',
      )
    },
  }
}
