import * as v from 'valibot'

const PlatformStatus = v.object({
  platform: v.string(),
  configured: v.boolean(),
  inPlan: v.boolean(),
  earlierRouteOnly: v.boolean(),
  keyless: v.boolean(),
  missingSettings: v.array(v.object({ key: v.string(), env: v.string() })),
  lastSuccessAt: v.nullable(v.string()),
  lastFailureAt: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
  retryAt: v.nullable(v.string()),
  retryWhy: v.nullable(v.string()),
  warning: v.nullable(v.string()),
  budget: v.object({
    requests: v.number(),
    windowSeconds: v.number(),
    used: v.number(),
    resetsAt: v.string(),
  }),
  nextPollAt: v.nullable(v.string()),
  // docs/streams.md#source-health
  mode: v.picklist(['stream', 'search']),
  position: v.nullable(v.string()),
  stream: v.nullable(
    v.object({
      lagSeconds: v.nullable(v.number()),
      readLastHour: v.number(),
      matchedLastHour: v.number(),
      heardAt: v.nullable(v.string()),
      gap: v.nullable(v.object({ note: v.string(), at: v.nullable(v.string()) })),
      positionAt: v.nullable(v.string()),
      // docs/streams.md#backpressure: the model is behind the stream and the caller's team's overflow is past the
      // polling queue's bound, since then.
      queueBound: v.nullable(v.object({ since: v.string(), note: v.string() })),
    }),
  ),
})

export const PlatformList = v.object({ platforms: v.array(PlatformStatus) })
