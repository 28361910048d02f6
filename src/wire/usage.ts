import * as v from 'valibot'
import { UsageCounters } from './common'
import { Instant } from './instant'

export const UsageReport = v.object({
  team: v.string(),
  plan: v.string(),
  usage: v.pipe(
    v.object({
      ...UsageCounters.entries,
      month: v.pipe(v.string(), v.description('The month counted, YYYY-MM in UTC.')),
      resetsAt: v.pipe(Instant, v.description('When the count starts again: 00:00 UTC on the 1st of next month.')),
    }),
    v.description("This month's requests against the plan's."),
  ),
  credits: v.number(),
  availablePlatforms: v.array(v.string()),
})
