import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const teams = sqliteTable('teams', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  plan: text('plan').notNull(),
  credits: integer('credits').notNull().default(0),
  // docs/api.md#the-month: counters of the UTC month `usageMonth`; a call in a later month resets them first.
  usageMonth: text('usage_month').notNull(),
  quotaUsed: integer('quota_used').notNull().default(0),
  creditUsed: integer('credit_used').notNull().default(0),
  // docs/api.md#reserve-and-give-back: credits the last month's turn added to reach the plan's allowance. A credit
  // taken before that turn and given back after it is one the top-up already stood in for while this is above 0.
  creditsToppedUp: integer('credits_topped_up').notNull().default(0),
  // Units reserved by counted calls still in flight (quota or credits), counted per time window so that the holds
  // of a process that died stop counting after two windows (see storage/repos/usage.ts).
  holdWindow: integer('hold_window').notNull().default(0),
  holdsInWindow: integer('holds_in_window').notNull().default(0),
  holdsInPrevious: integer('holds_in_previous').notNull().default(0),
  // Bumped on every signals write so cached totals know when they are stale.
  signalsVersion: integer('signals_version').notNull().default(0),
  // docs/people.md#person-updated: the heat at which a person becomes hot and person.updated is sent.
  heatThreshold: integer('heat_threshold').notNull().default(70),
  createdAt: text('created_at').notNull(),
})
