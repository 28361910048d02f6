import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

/**
 * Per (platform, keyword), where the last polling pass stopped: the newest publication time it saw and the posts
 * published at exactly that time, so the next pass keeps only what is newer. Shared by every team tracking the
 * keyword, since one upstream search serves them all.
 */
export const pollCursors = sqliteTable(
  'poll_cursors',
  {
    platform: text('platform').notNull(),
    keywordLc: text('keyword_lc').notNull(),
    newestAt: text('newest_at'),
    newestIds: text('newest_ids', { mode: 'json' }).$type<string[]>().notNull(),
    polledAt: text('polled_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.keywordLc] })],
)

/**
 * Mentions fetched for a team but not scored yet. A pass writes them (with its cursor) before scoring, and removes
 * each in the same transaction that stores its signal, so a crash or a scorer outage leaves them here for the next
 * pass instead of losing them.
 */
export const pendingMentions = sqliteTable(
  'pending_mentions',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    postId: text('post_id').notNull(),
    keyword: text('keyword').notNull(),
    mention: text('mention', { mode: 'json' }).notNull(),
    fetchedAt: text('fetched_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.platform, t.postId] })],
)
