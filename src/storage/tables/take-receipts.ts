import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * One row per unit a counted call took and has not settled, written by the take's own transaction
 * (storage/repos/take-receipts.ts): `taken` 1 while the unit is out, 0 once it came back or nothing was taken. A take
 * whose answer was lost is settled by it exactly once (docs/operations.md#a-charge-in-doubt), and a row of 0 written
 * first keeps a take that has not arrived yet from ever committing. `at` (epoch ms, the database's clock) is when the
 * call last said it still runs (its take, then each new hold window). The unit's team, month, source and hold window,
 * and the process holding it (`holder`), let another process give back the unit of a call whose process died
 * (docs/api.md#reserve-and-give-back); rows written before those columns have none, and housekeeping drops them.
 */
export const takeReceipts = sqliteTable('take_receipts', {
  id: text('id').primaryKey(),
  taken: integer('taken').notNull(),
  at: integer('at').notNull(),
  teamId: text('team_id'),
  month: text('month'),
  source: text('source'),
  holdWindow: integer('hold_window'),
  holder: text('holder'),
})
