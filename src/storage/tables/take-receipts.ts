import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * On a libSQL server, one row per unit a counted call took and has not settled, written by the statement's own
 * transaction (storage/repos/take-receipts.ts): `taken` 1 while the unit is out, 0 once it came back or nothing was
 * taken. A take whose answer was lost is settled by it exactly once (docs/operations.md#a-charge-in-doubt), and a
 * row of 0 written first keeps a take that has not arrived yet from ever committing. `at` (epoch ms, the database's
 * clock) lets housekeeping drop the rows of processes that stopped before settling.
 */
export const takeReceipts = sqliteTable('take_receipts', {
  id: text('id').primaryKey(),
  taken: integer('taken').notNull(),
  at: integer('at').notNull(),
})
