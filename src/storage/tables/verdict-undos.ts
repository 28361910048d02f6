import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { ofTeamSignal } from './signal-feedback'
import { users } from './users'

/**
 * docs/console.md#verdicts: what a signal was before the console's last verdict on it, for that verdict's Undo. One
 * row per signal, written in the verdict's own transaction and replaced by the next console verdict; an Undo claims,
 * applies and deletes it in one transaction (storage/repos/verdict-undos.ts), so of two Undos on two executables one
 * finds it, and a verdict committed meanwhile is never written over. Kept in the database, not in a process: an Undo
 * answered by another executable, or after a restart, finds it too.
 */
export const verdictUndos = sqliteTable('verdict_undos', {
  ...ofTeamSignal(),
  // Who gave the verdict: the console user whose Undo it is.
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The judgedAt of the verdict this takes back (also when it was given, for the expiry).
  undoes: text('undoes').notNull(),
  // The signal before it: its verdict (with reason and time) or none, and whether it was dismissed.
  verdict: text('verdict', { enum: ['relevant', 'not_relevant'] }),
  reason: text('reason'),
  judgedAt: text('judged_at'),
  dismissed: integer('dismissed', { mode: 'boolean' }).notNull(),
})
