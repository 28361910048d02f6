import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

// docs/people.md: who wrote a team's signals, one row per (team, platform, author); an X account's is kept by its user
// id (docs/people.md#renamed-accounts, storage/repos/people-accounts.ts) and takes its new name. A row linked by hand
// to another (`linked_to`) is one more identity of that person; its signals then carry the other's id. The figures
// after `muted` are the person's signals summed up (storage/repos/people-figures.ts), kept with every store of signals.
export const people = sqliteTable(
  'people',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    author: text('author').notNull(),
    profileUrl: text('profile_url').notNull().default(''),
    linkedTo: text('linked_to'),
    // docs/people.md#renamed-accounts: the platform's id of the account (X's user id, a Bluesky DID) for a person kept
    // by it; also on a Bluesky person made by name before, whose posts named the DID (drizzle/0033).
    accountId: text('account_id'),
    // docs/people.md#mute: the person's later signals are stored dismissed: out of lists and alerts.
    muted: integer('muted', { mode: 'boolean' }).notNull().default(false),
    signalCount: integer('signal_count').notNull().default(0),
    bestScore: real('best_score').notNull().default(0),
    bestIntent: text('best_intent'),
    icpMatched: integer('icp_matched', { mode: 'boolean' }).notNull().default(false),
    firstSeen: text('first_seen'),
    lastSeen: text('last_seen'),
    // docs/people.md#person-updated: whether the heat was at or over the team's threshold when last stored, so a
    // crossing upwards is sent once.
    hot: integer('hot', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('people_identity_idx').on(t.teamId, t.platform, t.author),
    index('people_linked_idx').on(t.linkedTo),
    index('people_account_idx').on(t.teamId, t.platform, t.accountId),
  ],
)
