import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Per streamed platform (docs/streams.md), where its reader stands: the position it resumes from (moved in the
 * transaction that stores what it covers), what it last heard from upstream, its counts of the last hour, and a gap it
 * could not resume across.
 */
export const streamPositions = sqliteTable('stream_positions', {
  platform: text('platform').primaryKey(),
  // The platform's own resumable position (an item id, a cursor in microseconds, a creation time), as text.
  position: text('position').notNull(),
  // Publication time of the newest post read: the lag behind upstream is measured from it.
  upstreamAt: text('upstream_at'),
  // How far the stored position was behind the newest post upstream when it was written (0: caught up).
  lagMs: integer('lag_ms'),
  // When the reader last heard anything from upstream (a post, an empty answer, a keep-alive).
  heardAt: text('heard_at'),
  // JSON [[minute epoch, read, matched], ...] of the last 60 minutes.
  minutes: text('minutes').notNull().default('[]'),
  // A gap too long to resume across (the upstream no longer keeps that far back), and when it was met.
  gap: text('gap'),
  gapAt: text('gap_at'),
  updatedAt: text('updated_at').notNull(),
})
