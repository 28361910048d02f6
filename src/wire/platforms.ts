import * as v from 'valibot'
import { Instant, MaybeInstant } from './instant'

const PlatformStatus = v.object({
  platform: v.string(),
  configured: v.boolean(),
  inPlan: v.boolean(),
  earlierRouteOnly: v.boolean(),
  keyless: v.boolean(),
  missingSettings: v.array(v.object({ key: v.string(), env: v.string() })),
  lastSuccessAt: MaybeInstant,
  lastFailureAt: MaybeInstant,
  lastError: v.nullable(v.string()),
  retryAt: MaybeInstant,
  retryWhy: v.nullable(v.string()),
  warning: v.nullable(v.string()),
  budget: v.object({
    requests: v.number(),
    windowSeconds: v.number(),
    used: v.number(),
    resetsAt: Instant,
  }),
  nextPollAt: MaybeInstant,
  // docs/streams.md#source-health
  mode: v.picklist(['stream', 'search']),
  // No date-time format: for a stream it is the platform's own cursor, whatever its shape.
  position: v.pipe(
    v.nullable(v.string()),
    v.description(
      "Where reading stands: a stream's own cursor (its shape is the platform's), or the time of the last successful search; null before any.",
    ),
  ),
  stream: v.nullable(
    v.object({
      lagSeconds: v.nullable(v.number()),
      readLastHour: v.number(),
      matchedLastHour: v.number(),
      heardAt: MaybeInstant,
      gap: v.nullable(v.object({ note: v.string(), at: MaybeInstant })),
      positionAt: MaybeInstant,
      // docs/streams.md#backpressure: the model is behind the stream and the caller's team's overflow is past the
      // polling queue's bound, since then.
      queueBound: v.nullable(v.object({ since: Instant, note: v.string() })),
    }),
  ),
})

export const PlatformList = v.object({ platforms: v.array(PlatformStatus) })
