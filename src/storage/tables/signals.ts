import { sql } from 'drizzle-orm'
import { index, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

export const signals = sqliteTable(
  'signals',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    postId: text('post_id').notNull(),
    author: text('author').notNull(),
    intent: text('intent').notNull(),
    score: real('score').notNull(),
    reason: text('reason').notNull(),
    icpMatch: text('icp_match'),
    preview: text('preview').notNull(),
    url: text('url').notNull(),
    keyword: text('keyword').notNull(),
    // ISO 8601 UTC strings of one fixed width, so text order is time order.
    publishedAt: text('published_at').notNull(),
    detectedAt: text('detected_at').notNull(),
    // Last: up to 4,000 characters spill into overflow pages, and the list reads the columns before it on every row.
    contentFull: text('content_full'),
  },
  (t) => [
    // docs/operations.md#exactly-once: one signal per (team, platform, post id).
    uniqueIndex('signals_team_post_idx').on(t.teamId, t.platform, t.postId),
    // The list order (score desc, publishedAt desc, id desc) led by each equality filter, so every filter walks an index
    // in result order and stops after offset+limit rows. All three descending, so a row-value bound
    // `(score, published_at, id) < (?, ?, ?)` is one seek into these indexes (the signals repo's keyset anchors).
    index('signals_order_idx').on(t.teamId, sql`${t.score} desc`, sql`${t.publishedAt} desc`, sql`${t.id} desc`),
    index('signals_intent_idx').on(
      t.teamId,
      t.intent,
      sql`${t.score} desc`,
      sql`${t.publishedAt} desc`,
      sql`${t.id} desc`,
    ),
    index('signals_platform_idx').on(
      t.teamId,
      t.platform,
      sql`${t.score} desc`,
      sql`${t.publishedAt} desc`,
      sql`${t.id} desc`,
    ),
    index('signals_keyword_idx').on(
      t.teamId,
      sql`${t.keyword} collate nocase`,
      sql`${t.score} desc`,
      sql`${t.publishedAt} desc`,
      sql`${t.id} desc`,
    ),
    index('signals_published_idx').on(t.teamId, t.publishedAt),
    // The team's signals in the order they were stored (an index holds the rowid after its columns): the export
    // walks it from a rowid cursor and reads the table in its own order, a page at a time (docs/api.md#export).
    index('signals_team_idx').on(t.teamId),
  ],
)
