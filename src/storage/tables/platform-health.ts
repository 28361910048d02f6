import { sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** Per source, the outcome of the latest searches, so a team can tell "no mentions" from "no data". */
export const platformHealth = sqliteTable('platform_health', {
  platform: text('platform').primaryKey(),
  lastSuccessAt: text('last_success_at'),
  lastFailureAt: text('last_failure_at'),
  lastError: text('last_error'),
  // When the current run of failures began: the first failure after a success (or ever); null once one answers.
  failingSince: text('failing_since'),
  // The time a rate-limit answer asked us to wait for; polling does not call the source before it.
  retryAt: text('retry_at'),
  // Something the operator should know although searches succeed (a Mastodon instance that never finds anything).
  warning: text('warning'),
})
