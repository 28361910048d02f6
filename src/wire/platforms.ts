import * as v from 'valibot'
import { Instant, MaybeInstant } from './instant'
import { described } from './answer-fields-about'

const PlatformStatus = v.object({
  platform: described(v.string(), "The platform's name (docs/api.md#platform-names)."),
  configured: described(v.boolean(), 'Whether this server can search it.'),
  inPlan: described(v.boolean(), "Whether the team's plan includes it (always true for an earlier-route-only one)."),
  earlierRouteOnly: described(
    v.boolean(),
    "Searchable only through POST /api/routes/search: never polled for keywords, never a signal's platform.",
  ),
  keyless: described(v.boolean(), 'Whether it works with no key or account at all (optional ones may raise limits).'),
  missingSettings: described(
    v.array(
      v.object({
        key: described(v.string(), 'The configuration key (platforms.youtube.api_key).'),
        env: described(v.string(), 'Its environment variable (LEAD_SIGNALS_PLATFORMS_YOUTUBE_API_KEY).'),
      }),
    ),
    'What this server still needs to search it; empty when configured.',
  ),
  lastSuccessAt: described(
    MaybeInstant,
    'When a search of it (by any team, or polling) last succeeded; null if never.',
  ),
  lastFailureAt: described(MaybeInstant, 'When a search of it last failed; null if never.'),
  lastError: described(v.nullable(v.string()), 'Why that search failed, in words; null if none has.'),
  failingSince: described(
    MaybeInstant,
    'While its last try failed, when that run of failures began: the first failure after its last success, or its ' +
      'first ever; null while it answers or before any try.',
  ),
  retryAt: described(
    MaybeInstant,
    'Until then nothing is sent to it: a rate-limit answer asked to wait, or the platform said no request remains ' +
      '(docs/platforms.md#rate-limits); null when free to ask.',
  ),
  retryWhy: described(
    v.nullable(v.string()),
    "What the platform announced for retryAt (no requests remaining, also for a refusal that said so, Stack Exchange's " +
      'backoff or throttle_violation, rate limited for another refusal held for what the platform counts: the ' +
      "credentials, or this machine's address); " +
      "null when retryAt is another refused search's, whose message is lastError.",
  ),
  warning: described(
    v.nullable(v.string()),
    'Something to know although searches succeed (a Mastodon instance that finds nothing for any keyword), or null.',
  ),
  budget: described(
    v.object({
      requests: described(v.number(), 'The requests this server may send it per window.'),
      windowSeconds: described(v.number(), "The window's length in seconds."),
      used: described(v.number(), 'The requests this window has used, live searches and polling together.'),
      resetsAt: described(Instant, 'When this window ends.'),
    }),
    'Its request budget (docs/platforms.md#budgets), shared by live searches and polling.',
  ),
  nextPollAt: described(
    MaybeInstant,
    'The next scheduled polling pass that may search it; null when polling is off or it is not configured.',
  ),
  // docs/streams.md#source-health
  mode: described(v.picklist(['stream', 'search']), 'How it is read: by a stream, or by keyword searches.'),
  // No date-time format: for a stream it is the platform's own cursor, whatever its shape.
  position: v.pipe(
    v.nullable(v.string()),
    v.description(
      "Where reading stands: a stream's own cursor (its shape is the platform's), or the time of the last successful search; null before any.",
    ),
  ),
  stream: described(
    v.nullable(
      v.object({
        lagSeconds: described(
          v.nullable(v.number()),
          'How far the stored position is behind the newest post read upstream, in seconds; null before any.',
        ),
        readLastHour: described(v.number(), 'Posts read from the stream in the last hour.'),
        matchedLastHour: described(v.number(), "Of those, the posts that matched a team's keyword."),
        heardAt: described(MaybeInstant, 'When upstream last said anything, a heartbeat included; null before.'),
        gap: described(
          v.nullable(
            v.object({
              note: described(v.string(), 'What could not be read, in words.'),
              at: described(MaybeInstant, 'When the gap was found.'),
            }),
          ),
          'The latest stretch the stream could not resume across (docs/streams.md); null when none.',
        ),
        positionAt: described(MaybeInstant, 'When the newest stored post was published; null until one is stored.'),
        // docs/streams.md#backpressure: the model is behind the stream and the caller's team's overflow is past the
        // polling queue's bound, since then.
        queueBound: described(
          v.nullable(
            v.object({
              since: described(Instant, 'When the bound started acting.'),
              note: described(v.string(), "What happens to the team's matched posts meanwhile."),
            }),
          ),
          "Set while the model is behind the stream and the team's queue is past its bound; null otherwise.",
        ),
      }),
    ),
    'For a stream, how its reading goes (docs/streams.md#source-health); null for a searched platform.',
  ),
})

export const PlatformList = v.pipe(
  v.object({
    platforms: described(
      v.array(PlatformStatus),
      'Each of the 19 search platforms and the earlier-route-only networks, with how searching it goes.',
    ),
  }),
  v.description('Source health: which platforms this server can search and how recent searches went; not counted.'),
)

/**
 * The console's Sources page (docs/console.md#sources): each source with `keywords`, how many of the team's keywords
 * it searches or matches (an earlier-route-only one none), and the team's keyword count. `usable`: this server can
 * search it or reads it as a stream, whatever the plan (else the page lists it under Not set up); `ready`: on the plan
 * and usable by this server's passes or streams; `searched`: ready and one of the team's keywords goes to it (In use).
 */
export type TeamSources = {
  keywords: number
  platforms: (v.InferOutput<typeof PlatformStatus> & {
    keywords: number
    usable: boolean
    ready: boolean
    searched: boolean
  })[]
}
