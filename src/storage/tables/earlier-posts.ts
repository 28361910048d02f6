import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

/**
 * Posts found by the earlier search route, per team: what a person sets on them (read, note) must survive the
 * next search of the same keyword (docs/api.md#post-records).
 */
export const earlierPosts = sqliteTable(
  // The table keeps the name it was created with; renaming it would take a migration for no reader's gain.
  'legacy_posts',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    postId: text('post_id').notNull(),
    keyword: text('keyword').notNull(),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    note: text('note').notNull().default(''),
    firstSeenAt: text('first_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.network, t.postId] })],
)
