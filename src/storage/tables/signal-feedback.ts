import { index, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { signals } from './signals'
import { teams } from './teams'

/** The columns of a row that belongs to one signal of one team, gone with either: its key is the signal's id. */
export const ofTeamSignal = () => ({
  signalId: text('signal_id')
    .primaryKey()
    .references(() => signals.id, { onDelete: 'cascade' }),
  teamId: text('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
})

/**
 * A team's verdict on one of its signals (docs/api.md#feedback): one per signal, a later verdict replaces the earlier.
 * It keeps what the tuning reads (docs/scoring.md#tuning-by-verdicts), so that never needs the signals table: the
 * keyword, the score, and the scorer, model and prompt version that produced the signal.
 */
export const signalFeedback = sqliteTable(
  'signal_feedback',
  {
    ...ofTeamSignal(),
    // The signal's keyword, lower-cased: tracked keywords compare case-insensitively.
    keywordLc: text('keyword_lc').notNull(),
    verdict: text('verdict', { enum: ['relevant', 'not_relevant'] }).notNull(),
    reason: text('reason'),
    score: real('score').notNull(),
    intent: text('intent').notNull(),
    scoredBy: text('scored_by'),
    model: text('model'),
    promptVersion: text('prompt_version'),
    judgedAt: text('judged_at').notNull(),
  },
  (t) => [
    index('signal_feedback_team_kw_idx').on(t.teamId, t.keywordLc),
    index('signal_feedback_team_judged_idx').on(t.teamId, t.judgedAt),
  ],
)
