import * as v from 'valibot'
import { SEARCH_PLATFORMS } from '../../config/platform-names'
import { toUtcIso } from '../../lib/iso-time'
import { Intent } from '../../scorers/types'
import { queryInt, trimmed, UsageCounters } from '../schemas'

export const SignalQuery = v.strictObject({
  keyword: v.optional(trimmed(1, 200)),
  intent: v.optional(Intent),
  platform: v.optional(v.picklist(SEARCH_PLATFORMS)),
  minScore: v.optional(v.pipe(
    v.string(), v.regex(/^\d+(\.\d+)?$/, 'must be a number from 0 to 10'), v.toNumber(), v.maxValue(10, 'must be a number from 0 to 10'),
  ), '0'),
  since: v.optional(v.pipe(
    v.string(),
    v.check((s) => toUtcIso(s) !== undefined, 'must be an ISO 8601 date or date-time with a time zone'),
    v.transform((s) => toUtcIso(s) as string),
  )),
  limit: queryInt(1, 100, 20),
  offset: queryInt(0, Number.MAX_SAFE_INTEGER, 0),
  content: v.optional(v.picklist(['preview', 'full']), 'preview'),
})
export type SignalQuery = v.InferOutput<typeof SignalQuery>

export const Signal = v.object({
  id: v.string(),
  author: v.string(),
  platform: v.string(),
  intent: Intent,
  score: v.number(),
  reason: v.string(),
  icpMatch: v.nullable(v.string()),
  content: v.string(),
  contentFull: v.optional(v.nullable(v.string())),
  url: v.string(),
  keyword: v.string(),
  publishedAt: v.string(),
  detectedAt: v.string(),
})

export const SignalPage = v.object({
  signals: v.array(Signal),
  total: v.number(),
  limit: v.number(),
  offset: v.number(),
  usage: UsageCounters,
})
