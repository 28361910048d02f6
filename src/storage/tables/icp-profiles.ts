import { sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

export const icpProfiles = sqliteTable(
  'icp_profiles',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    // Rival products this profile buys instead of ours, as a JSON array of names: a cue for COMPETITOR.
    competitors: text('competitors', { mode: 'json' }).$type<string[]>().notNull().default([]),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('icp_team_name_idx').on(t.teamId, t.name)],
)
