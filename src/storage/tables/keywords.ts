import { sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

export const keywords = sqliteTable(
  'keywords',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    // Tracked keywords compare case-insensitively (docs/api.md#earlier-search).
    keywordLc: text('keyword_lc').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('keywords_team_kw_idx').on(t.teamId, t.keywordLc)],
)
