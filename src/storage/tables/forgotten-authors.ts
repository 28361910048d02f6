import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

/**
 * docs/people.md#forget: the authors a team asked to forget, so no later pass, stream or import stores them again. One
 * row per (team, platform, author), kept as a hash of the three (repos/forgotten-key.ts forgottenKey), never the
 * name; for an X account kept by its id, instead, a hash made from its person's id (forgottenAccountKey) and one of
 * its name that only posts without an account id compare with (forgottenAccountNameKey).
 */
export const forgottenAuthors = sqliteTable(
  'forgotten_authors',
  {
    key: text('key').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    forgottenAt: text('forgotten_at').notNull(),
  },
  (t) => [index('forgotten_authors_team_idx').on(t.teamId)],
)
