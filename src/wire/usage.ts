import * as v from 'valibot'
import { UsageCounters } from './common'

export const UsageReport = v.object({
  team: v.string(),
  plan: v.string(),
  usage: v.object({ ...UsageCounters.entries, month: v.string(), resetsAt: v.string() }),
  credits: v.number(),
  availablePlatforms: v.array(v.string()),
})
