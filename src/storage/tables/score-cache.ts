import { sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Model answers already paid for: the key is a hash of what the answer depends on (team, text, keyword, context,
 * the team's profiles, scorer, model, prompt version), so the same question never reaches the model twice.
 */
export const scoreCache = sqliteTable('score_cache', {
  key: text('key').primaryKey(),
  result: text('result', { mode: 'json' }).notNull(),
  createdAt: text('created_at').notNull(),
})
