import { blob, integer, sqliteTable } from 'drizzle-orm/sqlite-core'

/**
 * Always empty: readiness writes a row of room into it and takes it out again, proving the database can still grow
 * (storage/readiness.ts, docs/api.md#health).
 */
export const readinessProbe = sqliteTable('readiness_probe', {
  id: integer('id').primaryKey(),
  room: blob('room').notNull(),
})
