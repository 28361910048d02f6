import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Per platform, the requests sent in its current budget window (docs/platforms.md#budgets). In the database so that
 * every process on it (a server, `poll --once`, `platforms check`) spends one budget; a row whose window is over
 * counts as empty and is reset by the next charge.
 */
export const platformBudgets = sqliteTable('platform_budgets', {
  platform: text('platform').primaryKey(),
  windowStart: text('window_start').notNull(),
  used: integer('used').notNull(),
})
