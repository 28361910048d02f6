import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

// Counted calls per team and UTC day, for the console's usage chart (docs/console.md#usage).
export const usageDays = sqliteTable(
  'usage_days',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.day] })],
)
