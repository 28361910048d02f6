import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * A wait a platform announced for one set of credentials (docs/platforms.md#rate-limits: an answer that served and
 * said no request remains until its reset), so that every process on the database holds its calls until then, the
 * searches and the streams alike. `key` is the platform, its host and a hash of the credentials (never the secret);
 * `until_ms` is epoch ms by the database's clock, as the leases' are; a row past it counts for nothing.
 */
export const platformPauses = sqliteTable('platform_pauses', {
  key: text('key').primaryKey(),
  platform: text('platform').notNull(),
  untilMs: integer('until_ms').notNull(),
  why: text('why').notNull(),
})
