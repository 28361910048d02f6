import * as v from 'valibot'
import { KINDS } from '../domain/webhooks/kinds'
import { about } from './webhook-fields-about'
import { Instant, MaybeInstant } from './instant'
import { described } from './answer-fields-about'

const CADENCES = ['instant', 'hourly', 'daily', 'weekly'] as const

// What a destination's filters mean in an answer: null is any, as when it was added (docs/destinations.md).
const Filters = v.object({
  minScore: described(v.number(), 'Only signals scoring at least this, 0 to 10.'),
  intents: described(v.nullable(v.array(v.string())), 'Only signals of these intents; null: any.'),
  keywords: described(v.nullable(v.array(v.string())), 'Only signals found for these tracked keywords; null: any.'),
  platforms: described(v.nullable(v.array(v.string())), 'Only signals from these platforms; null: any.'),
})

const QuietHours = v.object({
  from: described(v.number(), 'The hour (0-23, in timeZone) the quiet starts.'),
  to: described(v.number(), 'The hour (0-23, in timeZone) it ends, when what was held is sent.'),
})

export const Endpoint = v.object({
  id: described(v.string(), "The destination's id (whe_…), the {id} of its routes."),
  kind: described(v.picklist(KINDS), about.kind),
  url: v.pipe(
    v.nullable(v.string()),
    v.description(
      'Where deliveries go, masked: each secret part (a Slack or Discord token, every query value, a password, a token-like path segment of a webhook) shown as •••• and its last 4 characters (docs/destinations.md#urls-are-shown-masked). null for email.',
    ),
  ),
  to: v.pipe(v.nullable(v.string()), v.description('The address of an email destination; null otherwise.')),
  cadence: described(v.picklist(CADENCES), about.cadence),
  digestHour: described(v.number(), 'The hour (0-23, in timeZone) of a daily or weekly digest.'),
  timeZone: described(v.string(), 'The IANA time zone of digestHour and quietHours.'),
  quietHours: described(
    v.nullable(QuietHours),
    'Hours in which nothing is sent; what comes meanwhile is held until they end. null: none.',
  ),
  event: described(
    v.string(),
    'The event sent: signal.created (each new signal) or person.updated (a person who turned hot).',
  ),
  filters: described(Filters, 'Which signals it is sent; a signal must pass all of them.'),
  enabled: described(v.boolean(), 'Whether deliveries are made; false when disabled by the team or the service.'),
  disabledReason: v.pipe(
    v.nullable(v.string()),
    v.description('Why the service disabled it (410 Gone, failing for 5 days); null otherwise.'),
  ),
  failingSince: v.pipe(MaybeInstant, v.description('Since when every attempt has failed; null after a success.')),
  pausedUntil: v.pipe(
    MaybeInstant,
    v.description(
      'Until when no delivery is sent, because the receiver (or Discord, for every Discord destination of this server) asked to slow down; null when not paused or disabled.',
    ),
  ),
  pausedReason: v.pipe(v.nullable(v.string()), v.description('Why it is paused; null when not paused.')),
  createdAt: described(Instant, 'When it was added.'),
})

/** An endpoint's answer after `done` (docs/webhooks.md#managing-endpoints): never counted. */
export const endpointAnswer = (done: string) => described(Endpoint, `${done}; not counted.`)

export const EndpointList = v.pipe(
  v.object({ endpoints: described(v.array(Endpoint), "The team's destinations, in the order they were added.") }),
  v.description("The team's destinations; not counted."),
)
export const CreatedEndpoint = v.pipe(
  v.object({
    endpoint: described(Endpoint, 'The destination as stored.'),
    secret: v.pipe(v.string(), v.description('The signing secret (whsec_…): shown this once.')),
  }),
  v.description('Added: the destination and its signing secret, which no later answer shows; not counted.'),
)
export const RotatedSecret = v.pipe(
  v.object({
    secret: v.pipe(v.string(), v.description('The new signing secret: shown this once.')),
    previousSecretValidUntil: v.pipe(Instant, v.description('Until then the earlier secret signs too.')),
  }),
  v.description('The new signing secret; both sign for 24 hours. Not counted.'),
)

export const Delivery = v.object({
  id: v.pipe(v.string(), v.description('The webhook-id header of every attempt.')),
  event: described(
    v.picklist(['signal.created', 'signals.digest', 'person.updated', 'webhook.test']),
    'signal.created (a signal), signals.digest (a window of signals), person.updated (a person who turned hot) or ' +
      'webhook.test (a test event): docs/webhooks.md.',
  ),
  signalId: described(v.nullable(v.string()), 'The signal it carries; null for a digest, a person or a test.'),
  window: v.pipe(
    v.nullable(
      v.object({
        from: described(Instant, 'The first instant of the window.'),
        to: described(Instant, 'The end of the window (not included).'),
      }),
    ),
    v.description("A digest's window of signals (by when they were found); null otherwise."),
  ),
  status: described(
    v.picklist(['pending', 'succeeded', 'failed']),
    'pending (to be sent or retried), succeeded, or failed (given up, docs/webhooks.md#retries).',
  ),
  attempts: described(v.number(), 'Attempts made so far.'),
  lastStatusCode: described(v.nullable(v.number()), "The receiver's status code at the last attempt; null if none."),
  lastError: described(v.nullable(v.string()), 'Why the last attempt failed, in one line; null after a success.'),
  lastAttemptAt: described(MaybeInstant, 'When the last attempt was made; null before the first.'),
  nextAttemptAt: described(
    MaybeInstant,
    'While pending, when the next attempt is due; null when done or while the destination is disabled.',
  ),
  createdAt: described(Instant, 'When the delivery was written.'),
})

/** A delivery's answer after `done` (docs/webhooks.md#testing, #the-delivery-log): never counted. */
export const deliveryAnswer = (done: string) => described(Delivery, `${done}; not counted.`)

export const DeliveryList = v.pipe(
  v.object({ deliveries: described(v.array(Delivery), "The endpoint's deliveries, newest first, at most limit.") }),
  v.description("The endpoint's delivery log; not counted."),
)
