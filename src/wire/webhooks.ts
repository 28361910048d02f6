import * as v from 'valibot'
import { SEARCH_PLATFORMS } from '../config/platform-names'
import { intentGiven } from '../domain/scoring/guide'
import { KINDS } from '../domain/webhooks/kinds'
import { canonicalTimeZone, isTimeZone } from '../lib/zoned-time'
import { queryInt, trimmed } from './common'
import { HAS_ADDRESS, UPDATE_DOCS } from './webhook-body-rules'
import { about } from './webhook-fields-about'

const SCORE_RANGE = 'must be a number from 0 to 10'
/** An empty filter list's refusal; the command line, where null cannot be written, says it in its own words. */
export const EMPTY_FILTER = 'must list at least one, or be null for any'
// A filter list: at least one value (null is any), at most `most`, each value kept once.
const nonEmpty = <S extends v.GenericSchema>(item: S, most: number, text: string) =>
  v.nullable(
    v.pipe(
      v.array(item),
      v.minLength(1, EMPTY_FILTER),
      v.maxLength(most, `must list at most ${most}`),
      v.transform((list) => [...new Set(list)]),
      v.description(text),
    ),
  )

const HOUR = v.pipe(
  v.number(),
  v.integer('must be a whole hour'),
  v.minValue(0, 'must be 0 to 23'),
  v.maxValue(23, 'must be 0 to 23'),
)
const fields = {
  url: v.pipe(trimmed(1, 2000), v.description(about.url)),
  to: v.pipe(trimmed(3, 254), v.description(about.to)),
  kind: v.pipe(v.picklist(KINDS), v.description(about.kind)),
  cadence: v.pipe(v.picklist(['instant', 'hourly', 'daily', 'weekly']), v.description(about.cadence)),
  digestHour: v.pipe(HOUR, v.description(about.digestHour)),
  timeZone: v.pipe(
    trimmed(1, 64),
    v.check(isTimeZone, 'must be an IANA time zone, such as "Europe/Berlin"'),
    v.transform(canonicalTimeZone),
    v.description(about.timeZone),
  ),
  quietHours: v.pipe(
    v.nullable(
      v.pipe(
        v.strictObject({
          from: v.pipe(HOUR, v.description('The hour (0-23, in timeZone) the quiet starts.')),
          to: v.pipe(HOUR, v.description('The hour (0-23, in timeZone) it ends, when what was held is sent.')),
        }),
        v.check((q) => q.from !== q.to, 'from and to must differ'),
      ),
    ),
    v.description(about.quietHours),
  ),
  minScore: v.pipe(v.number(), v.minValue(0, SCORE_RANGE), v.maxValue(10, SCORE_RANGE), v.description(about.minScore)),
  intents: nonEmpty(intentGiven(), 5, about.intents),
  keywords: nonEmpty(trimmed(1, 200), 100, about.keywords),
  platforms: nonEmpty(v.picklist(SEARCH_PLATFORMS), SEARCH_PLATFORMS.length, about.platforms),
  enabled: v.pipe(v.boolean(), v.description(about.enabled)),
}

/**
 * A body Swagger UI fills in for "Try it out": without one it made every field "string" and sent url and to together,
 * which a webhook refuses. Its host is illustrative (docs/api.md#api-documentation): put your receiver's URL there.
 */
const CREATE_EXAMPLE = { url: 'https://hooks.example.com/lead-signals', minScore: 7, intents: ['ACTIVE', 'COMPETITOR'] }

/** `POST /api/v1/webhooks` (and `webhook add`): only the URL (or, for email, `to`) is required. */
export const EndpointCreate = v.pipe(
  v.strictObject({
    // A URL the server takes is absolute http(s) (checkReceiverUrl, docs/destinations.md); a masked one sent back in a
    // PATCH is not a URI (••••), so only a new endpoint's says so.
    url: v.optional(v.pipe(fields.url, v.metadata({ format: 'uri' }))),
    to: v.optional(fields.to),
    kind: v.optional(fields.kind, 'webhook'),
    cadence: v.optional(fields.cadence, 'instant'),
    digestHour: v.optional(fields.digestHour, 9),
    timeZone: v.optional(fields.timeZone, 'UTC'),
    quietHours: v.optional(fields.quietHours, null),
    event: v.optional(
      v.pipe(
        v.picklist(['signal.created', 'person.updated'], 'must be signal.created or person.updated'),
        v.description(
          'The event sent: signal.created (each new signal), or person.updated (a person whose heat crossed the ' +
            "team's threshold; a webhook destination sent instantly only).",
        ),
      ),
      'signal.created',
    ),
    minScore: v.optional(fields.minScore, 0),
    intents: v.optional(fields.intents, null),
    keywords: v.optional(fields.keywords, null),
    platforms: v.optional(fields.platforms, null),
    enabled: v.optional(fields.enabled, true),
  }),
  v.metadata({ examples: [CREATE_EXAMPLE], ...HAS_ADDRESS }),
)

/** `PATCH /api/v1/webhooks/{id}`: the fields to change. */
export const EndpointUpdate = v.pipe(
  v.strictObject({
    url: v.optional(fields.url),
    to: v.optional(fields.to),
    kind: v.optional(fields.kind),
    cadence: v.optional(fields.cadence),
    digestHour: v.optional(fields.digestHour),
    timeZone: v.optional(fields.timeZone),
    quietHours: v.optional(fields.quietHours),
    minScore: v.optional(fields.minScore),
    intents: v.optional(fields.intents),
    keywords: v.optional(fields.keywords),
    platforms: v.optional(fields.platforms),
    enabled: v.optional(fields.enabled),
  }),
  v.check((o) => Object.values(o).some((x) => x !== undefined), 'must name at least one field to change'),
  v.metadata(UPDATE_DOCS),
)

export const DeliveryQuery = v.strictObject({
  status: v.optional(
    v.pipe(
      v.picklist(['pending', 'succeeded', 'failed']),
      v.description('Only deliveries in this state: pending (to be sent or retried), succeeded, failed (given up).'),
    ),
  ),
  limit: queryInt(1, 200, 50, 'Deliveries, newest first, 1 to 200 (default 50).'),
})

/** The console's one click in Settings: the browser's time zone for the daily digest. */
export const MyEmailBody = v.strictObject({ timeZone: v.optional(fields.timeZone, 'UTC') })
