import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

/**
 * The teams whose stream overflow is past the polling queue's bound (docs/streams.md#backpressure), per platform, and
 * since when: written by the stream's reader when the bound starts acting and removed when it stops, so that source
 * health can say so to the team (docs/streams.md#source-health).
 */
export const streamQueueBounds = sqliteTable(
  'stream_queue_bounds',
  {
    platform: text('platform').notNull(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    since: text('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.teamId] })],
)
