import { sql } from 'drizzle-orm'
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
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
    // docs/api.md#feedback: a signal judged not relevant leaves the default list; it is never deleted. Read from the
    // order indexes only (they end with it), never from the row, so it may sit after the long text.
    dismissed: integer('dismissed', { mode: 'boolean' }).notNull().default(false),
    // What produced the signal (docs/scoring.md#tuning-by-verdicts): the scorer that answered, its model and its
    // prompt or rules version; null on signals stored before they were kept, and on imports.
    scoredBy: text('scored_by'),
    model: text('model'),
    promptVersion: text('prompt_version'),
    // docs/people.md: the person who wrote it (people.id), through any link made by hand.
    personId: text('person_id'),
    // docs/webhooks.md: brought in by `signals import` (or the demo's samples), not found by a pass. History: left out
    // of digests and e-mail batches, which are built from the signals found in their window (detected_at).
    imported: integer('imported', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    // docs/operations.md#exactly-once: one signal per (team, platform, post id).
    uniqueIndex('signals_team_post_idx').on(t.teamId, t.platform, t.postId),
    // The list order (score desc, publishedAt desc, id desc) led by each equality filter, so every filter walks an
    // index in result order and stops after offset+limit rows. `dismissed` comes last: the default list skips the few
    // dismissed rows while it walks the index in order, without reading a row, and include=dismissed reads them all.
    // All three sort columns descending, so a row-value bound
    // `(score, published_at, id) < (?, ?, ?)` is one seek into these indexes (the signals repo's keyset anchors).
    // The default list (no intent, platform or keyword) in list order, with every column a list item shows but the full
    // text after the order's columns: a page's 20 rows are neighbours here, where in the table they are 20 random rows
    // of a large file, each a page to read (docs/performance.md#signal-rows). The default list's anchors walk it too.
    index('signals_list_idx').on(
      t.teamId,
      sql`${t.score} desc`,
      sql`${t.publishedAt} desc`,
      sql`${t.id} desc`,
      t.dismissed,
      t.author,
      t.platform,
      t.intent,
      t.reason,
      t.icpMatch,
      t.preview,
      t.url,
      t.keyword,
      t.detectedAt,
      t.personId,
    ),
    index('signals_intent_idx').on(
      t.teamId,
      t.intent,
      sql`${t.score} desc`,
      sql`${t.publishedAt} desc`,
      sql`${t.id} desc`,
      t.dismissed,
    ),
    index('signals_platform_idx').on(
      t.teamId,
      t.platform,
      sql`${t.score} desc`,
      sql`${t.publishedAt} desc`,
      sql`${t.id} desc`,
      t.dismissed,
    ),
    index('signals_keyword_idx').on(
      t.teamId,
      sql`${t.keyword} collate nocase`,
      sql`${t.score} desc`,
      sql`${t.publishedAt} desc`,
      sql`${t.id} desc`,
      t.dismissed,
    ),
    // The narrowest index with `dismissed`: where the default list's count walks (and `since` filters).
    index('signals_published_idx').on(t.teamId, t.publishedAt, t.dismissed),
    // The team's signals in the order they were stored (an index holds the rowid after its columns): the export
    // walks it from a rowid cursor and reads the table in its own order, a page at a time (docs/api.md#export).
    index('signals_team_idx').on(t.teamId),
    // A person's signals in time order (docs/people.md), and their figures.
    index('signals_person_idx').on(t.personId, t.publishedAt),
    // The signals a pass found, in the order found: a digest's window (repos/destination-windows.ts) is a range here.
    // Imported ones are not in it (docs/webhooks.md), so an import does not write it; the query must say
    // `imported = 0` as written, for SQLite to use a partial index.
    index('signals_found_idx').on(t.teamId, t.detectedAt).where(sql`imported = 0`),
  ],
)
