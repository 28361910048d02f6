import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { teams } from './teams'

// docs/destinations.md: where a team's new signals are sent. Filters are JSON arrays (null: any).
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    kind: text('kind', { enum: ['webhook', 'slack', 'discord', 'teams', 'email'] }).notNull(),
    // The address of an `email` destination (its `url` is then empty).
    emailTo: text('email_to'),
    // docs/destinations.md#cadence: instant or a digest; the digest's hour and the quiet hours are in time_zone.
    cadence: text('cadence', { enum: ['instant', 'hourly', 'daily', 'weekly'] })
      .notNull()
      .default('instant'),
    digestHour: integer('digest_hour').notNull().default(9),
    timeZone: text('time_zone').notNull().default('UTC'),
    quietFrom: integer('quiet_from'),
    quietTo: integer('quiet_to'),
    // The start (epoch ms) of the window of signals not yet sent as a digest (or an e-mail batch); null: not one.
    windowFrom: integer('window_from'),
    event: text('event').notNull(),
    minScore: real('min_score').notNull(),
    intents: text('intents'),
    keywords: text('keywords'),
    platforms: text('platforms'),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    // Why the service turned it off (410 Gone, failing for 5 days); null when enabled or turned off by a user.
    disabledReason: text('disabled_reason'),
    // The signing secret (whsec_…) in clear: HMAC needs the key itself, not a hash (docs/webhooks.md#secrets).
    secret: text('secret').notNull(),
    // After a rotation, the earlier secret signs too until this time (epoch ms).
    previousSecret: text('previous_secret'),
    previousSecretUntil: integer('previous_secret_until'),
    // Since when every attempt has failed (epoch ms); null after a success.
    failingSince: integer('failing_since'),
    // Epoch ms: the receiver asked to be sent nothing before then (a 429, or no requests left until its limit resets);
    // the delivery worker claims none of its attempts until it has passed (docs/destinations.md#rate-limits).
    pausedUntil: integer('paused_until'),
    // Why, as shown to the team with pausedUntil (docs/destinations.md#rate-limits): set with it, and never naming
    // another destination (Discord's global limit pauses other teams' destinations too).
    pausedReason: text('paused_reason'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('webhook_endpoints_team_idx').on(t.teamId)],
)

// docs/webhooks.md#delivery: the outbox. One row per (event, endpoint), written in the transaction that stores the
// signal; its id is the `webhook-id` header of every attempt.
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    // The signal for signal.created; null for a test event, whose body is `payload`.
    signalId: text('signal_id'),
    // A digest (signals.digest): the window [from, to) of signals' detected_at, epoch ms.
    windowFrom: integer('window_from'),
    windowTo: integer('window_to'),
    payload: text('payload'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull(),
    // Epoch ms. A pending row is due at next_attempt_at; a claim is one process's right to send one attempt.
    nextAttemptAt: integer('next_attempt_at').notNull(),
    claimedBy: text('claimed_by'),
    claimExpiresAt: integer('claim_expires_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: text('last_attempt_at'),
    // Epoch ms: since when every attempt has been answered 429 (null otherwise); such a delivery is given up a day
    // after (docs/destinations.md#rate-limits). A replay starts it again.
    rateLimitedSince: integer('rate_limited_since'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    // The claim (repos/webhook-deliveries.ts): each endpoint's oldest due attempts, and the attempts in flight.
    index('webhook_deliveries_endpoint_due_idx').on(t.endpointId, t.status, t.nextAttemptAt),
    index('webhook_deliveries_claim_idx').on(t.claimExpiresAt),
  ],
)

// docs/destinations.md#exactly-once: one row per destination and window sent (or skipped, with no signal in it),
// written in the transaction that claims the window, so a window is never built twice whatever crashes.
export const destinationWindows = sqliteTable(
  'destination_windows',
  {
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    windowFrom: integer('window_from').notNull(),
    windowTo: integer('window_to').notNull(),
    // The delivery that carries it; null when the window held no signal (nothing is sent).
    deliveryId: text('delivery_id'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.windowFrom] })],
)

// docs/destinations.md#rate-limits: how many requests a destination's receiver said it still takes
// (X-RateLimit-Remaining, the fewest said) until its limit resets (reset_at, epoch ms, the latest said): until then the
// claim keeps no more of its attempts under way than that. One row per destination whose answers said so; a row whose
// reset has passed bounds nothing, and the next answer writes over it.
export const webhookRateLimits = sqliteTable('webhook_rate_limits', {
  endpointId: text('endpoint_id')
    .primaryKey()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  remaining: integer('remaining').notNull(),
  resetAt: integer('reset_at').notNull(),
})
