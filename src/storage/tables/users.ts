import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

// docs/console.md#people-and-sessions: the people who sign in to the console, each in one team.
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    // Stored lower-cased: one account per address however it is typed.
    email: text('email').notNull().unique(),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    // Argon2id in PHC form ($argon2id$v=19$m=…,t=…,p=…$salt$hash).
    passwordHash: text('password_hash').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('users_team_idx').on(t.teamId)],
)

// A signed-in browser. Only the token's SHA-256 is stored, so a copy of the database opens no session.
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expiry_idx').on(t.expiresAt)],
)

// Failed sign-ins, one row each, keyed by account ('email:…') and by client address ('addr:…'); rows older than the
// throttle window are pruned when new ones are written.
export const signInFailures = sqliteTable(
  'sign_in_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subject: text('subject').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('sign_in_failures_subject_idx').on(t.subject, t.at)],
)
