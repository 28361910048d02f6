import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** One row per job name: who runs it, until when (epoch ms). Only the holder of an unexpired lease runs the job. */
export const jobLeases = sqliteTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at').notNull(),
})
