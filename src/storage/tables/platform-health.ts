import { sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** Per source, the outcome of the latest searches, so a team can tell "no mentions" from "no data". */
export const platformHealth = sqliteTable('platform_health', {
  platform: text('platform').primaryKey(),
  lastSuccessAt: text('last_success_at'),
  lastFailureAt: text('last_failure_at'),
  lastError: text('last_error'),
  // The time a rate-limit answer asked us to wait for; polling does not call the source before it.
  retryAt: text('retry_at'),
  // Something the operator should know although searches succeed (a Mastodon instance that never finds anything).
  warning: text('warning'),
})
