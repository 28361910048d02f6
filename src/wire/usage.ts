import * as v from 'valibot'
import { UsageCounters } from './common'
import { Instant } from './instant'
import { described } from './answer-fields-about'

export const UsageReport = v.object({
  team: described(v.string(), "The team's name."),
  plan: described(v.string(), "The team's plan (docs/api.md#plans)."),
  usage: v.pipe(
    v.object({
      ...UsageCounters.entries,
      month: v.pipe(v.string(), v.description('The month counted, YYYY-MM in UTC.')),
      resetsAt: v.pipe(Instant, v.description('When the count starts again: 00:00 UTC on the 1st of next month.')),
    }),
    v.description("This month's requests against the plan's."),
  ),
  credits: described(
    v.number(),
    "The team's pay-as-you-go balance, spent one per counted call once the month's requests are used up.",
  ),
  availablePlatforms: described(
    v.array(v.string()),
    "The plan's platforms, whether or not this server has them configured (GET /api/v1/platforms tells that).",
  ),
})
