import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull().unique(),
    prefix: text('prefix').notNull().unique(),
    label: text('label').notNull().default(''),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('api_keys_team_idx').on(t.teamId)],
)
