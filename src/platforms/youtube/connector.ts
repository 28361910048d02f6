import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { nextMidnightIn } from '../../lib/zoned-time'
import { quotaDayZone } from '../quota-day'
import { headerRateLimit, type RateLimitRule } from '../common/rate-limit'
import { type FailureReader, fetchPlatformJson, jsonBodyOf, UpstreamStatusError } from '../http'
import { authorOr, count, isoDate, readEnvelope, readItems, ReadableDate } from '../common/mapping'
import type { Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { youtubeQuery } from '../../query/platform-queries'

// YouTube Data API v3. search.list (type=video, order=date: newest first) takes maxResults 0..50 and pages with
// nextPageToken → pageToken; its snippets cut descriptions short and HTML-escape titles (&#39;), so the text, the
// channel and the counts all come from videos.list (part=statistics,snippet), at most 50 comma-separated ids a call.
// search.list has its own small daily bucket (100 calls per project), which is what this platform's budget counts
// (docs/platforms.md#youtube); a spent quota is a 403 with reason quotaExceeded, until midnight Pacific time.
// The API key travels in the query string: http.ts never puts a URL into an error or a log line, and neither does this.
const PAGE_MAX = 50
const MAX_PAGES = 4
const IDS_PER_CALL = 50
const QUOTA_DAY_ZONE = quotaDayZone('youtube')!

const SearchResult = v.object({ id: v.object({ videoId: v.pipe(v.string(), v.minLength(1)) }) })
const SearchEnvelope = v.object({ items: v.array(v.unknown()), nextPageToken: v.optional(v.string()) })
// Counts are uint64 sent as JSON strings; likeCount and commentCount are absent when hidden or disabled.
const Count = v.optional(v.union([v.string(), v.number()]))
const Video = v.object({
  id: v.string(),
  snippet: v.object({
    publishedAt: ReadableDate,
    channelId: v.string(),
    title: v.string(),
    description: v.optional(v.string()),
    channelTitle: v.optional(v.string()),
  }),
  statistics: v.optional(v.object({ likeCount: Count, commentCount: Count })),
})
const VideosEnvelope = v.object({ items: v.array(v.unknown()) })

/**
 * YouTube's errors name their reason (error.errors[].reason): a spent daily quota (quotaExceeded, dailyLimitExceeded)
 * waits for the quota day to end at midnight Pacific time; a short-term limit (rateLimitExceeded and the like) is a
 * 403 that the common rule reads as a rate limit. No limit of the project outlasts its quota day: a wait asked past
 * its end (days, from a proxy gone wrong) is kept until then, and says what was asked (docs/platforms.md#rate-limits).
 */
export const youtubeRateLimit: RateLimitRule = (answer, now) => {
  const reason = /"reason"\s*:\s*"(quotaExceeded|dailyLimitExceeded)"/.exec(answer.text.slice(0, 4000))?.[1]
  const dayEndSec = Math.ceil((nextMidnightIn(QUOTA_DAY_ZONE, new Date(now)).getTime() - now) / 1000)
  if (answer.status === 403 && reason)
    return { retryAfterSec: dayEndSec, why: `403 ${reason}, the daily quota resets at midnight Pacific time` }
  const limit = headerRateLimit(answer, now)
  if (!limit || limit.retryAfterSec <= dayEndSec) return limit
  const why = `${limit.why}, asked for ${limit.retryAfterSec} s: the daily quota resets at midnight Pacific time`
  return { retryAfterSec: dayEndSec, why }
}

const Reasons = v.object({
  error: v.object({
    errors: v.optional(v.array(v.object({ reason: v.optional(v.string()) }))),
    details: v.optional(v.array(v.object({ reason: v.optional(v.string()) }))),
  }),
})

/** The reasons an error body names: Google's ErrorInfo first (API_KEY_INVALID), then the older errors[].reason. */
function reasonsOf(text: string): string[] {
  const parsed = v.safeParse(Reasons, jsonBodyOf(text))
  if (!parsed.success) return []
  const { errors = [], details = [] } = parsed.output.error
  // Reasons are short identifiers; anything else is not repeated in a message.
  return [...details, ...errors].flatMap((e) => (e.reason && /^[A-Za-z_]{1,60}$/.test(e.reason) ? [e.reason] : []))
}

// docs/platforms.md#youtube: what the operator does about a refused key (developers.google.com/youtube/v3/docs/errors;
// Google's error model names the cause in ErrorInfo.reason). A key that does not exist is a 400, not a 401.
const KEY_FIXES: [RegExp, string][] = [
  [/^(API_KEY_INVALID|keyInvalid)$/, 'set platforms.youtube.api_key to a key of the YouTube Data API v3'],
  [/^(SERVICE_DISABLED|accessNotConfigured)$/, "enable the YouTube Data API v3 in the key's Google Cloud project"],
  [
    /^(API_KEY_\w+_BLOCKED|ipRefererBlocked|keyExpired|API_KEY_EXPIRED)$/,
    "the key's restrictions refuse this call: allow the YouTube Data API v3 and this server's address in the key's settings, or use another key",
  ],
]

/** A failed answer as the error it stands for: a refused key says what to fix; any other names its reason. */
export const youtubeFailure: FailureReader = (answer, now) => {
  // Quota and short-term limits are rate limits, read by youtubeRateLimit.
  if (youtubeRateLimit(answer, now)) return undefined
  const reasons = reasonsOf(answer.text.slice(0, 8000))
  for (const reason of reasons) {
    const fix = KEY_FIXES.find(([re]) => re.test(reason))?.[1]
    if (fix)
      return new UpstreamStatusError(
        answer.status,
        `youtube refused the api_key (${answer.status} ${reason}): ${fix}`,
        undefined,
        true,
      )
  }
  if (reasons.length === 0) return undefined
  return new UpstreamStatusError(answer.status, `youtube answered with status ${answer.status} (${reasons[0]})`)
}

export function createYoutubeConnector(config: Config['platforms']['youtube'], log: Logger): PlatformConnector {
  const key = config.api_key.trim()
  const get = (path: string, params: Record<string, string>, signal?: AbortSignal) => {
    const url = new URL(path, config.base_url)
    url.search = new URLSearchParams({ ...params, key }).toString()
    return fetchPlatformJson({
      platform: 'youtube',
      url,
      timeoutMs: config.timeout_ms,
      signal,
      rateLimit: youtubeRateLimit,
      readFailure: youtubeFailure,
    })
  }

  /** Text, channel and counts of `ids`, in calls of at most 50 ids. */
  async function videos(ids: string[], signal?: AbortSignal): Promise<Map<string, Mention>> {
    const byId = new Map<string, Mention>()
    for (let i = 0; i < ids.length; i += IDS_PER_CALL) {
      const id = ids.slice(i, i + IDS_PER_CALL).join(',')
      const body = await get('/youtube/v3/videos', { part: 'statistics,snippet', id }, signal)
      const { items } = readEnvelope('youtube', VideosEnvelope, body, 'a videos response without an items list')
      for (const m of readItems({ platform: 'youtube', log, items, item: Video, map: toMention })) byId.set(m.id, m)
    }
    return byId
  }

  return {
    platform: 'youtube',
    // The budget counts search.list calls (their own daily bucket); videos.list spends the other, larger quota.
    requestsFor: (limit) => Math.ceil(limit / PAGE_MAX),
    async search(keyword, limit, signal) {
      // 1. The newest matching video ids, page by page, until there are `limit` of them or no more pages.
      const ids: string[] = []
      let pageToken: string | undefined
      // No more search.list calls than the search was charged (one per 50 results, docs/platforms.md#budgets): a page
      // may hold fewer than maxResults and still name a next one, and each call is one of the day's 100.
      const calls = Math.min(MAX_PAGES, Math.ceil(limit / PAGE_MAX))
      for (let n = 0; n < calls && ids.length < limit; n++) {
        const params: Record<string, string> = {
          part: 'snippet',
          type: 'video',
          order: 'date',
          q: youtubeQuery(keyword),
          maxResults: String(Math.min(limit - ids.length, PAGE_MAX)),
        }
        if (pageToken) params.pageToken = pageToken
        const body = await get('/youtube/v3/search', params, signal)
        const page = readEnvelope('youtube', SearchEnvelope, body, 'a search response without an items list')
        for (const id of readItems({
          platform: 'youtube',
          log,
          items: page.items,
          item: SearchResult,
          map: (r) => r.id.videoId,
        })) {
          // New uploads shift page boundaries between two calls: a video may come twice.
          if (!ids.includes(id)) ids.push(id)
        }
        if (!page.nextPageToken || page.nextPageToken === pageToken) break
        pageToken = page.nextPageToken
      }
      const wanted = ids.slice(0, limit)
      if (wanted.length === 0) return []

      // 2. Text, channel and counts of those videos.
      const byId = await videos(wanted, signal)
      // Search order (newest first); a video made private or deleted between the two calls is left out.
      return wanted.flatMap((id) => byId.get(`youtube:${id}`) ?? [])
    },
  }
}

const number = (n: string | number | undefined) => count(typeof n === 'string' ? Number(n) : n)

function toMention(video: v.InferOutput<typeof Video>): Mention {
  const s = video.snippet
  const id = encodeURIComponent(video.id)
  return {
    id: `youtube:${video.id}`,
    ...authorOr(s.channelTitle || s.channelId),
    // The title and the whole description as videos.list gives them (plain text, not HTML-escaped).
    content: s.description ? `${s.title}\n\n${s.description}` : s.title,
    url: `https://www.youtube.com/watch?v=${id}`,
    profileUrl: `https://www.youtube.com/channel/${encodeURIComponent(s.channelId)}`,
    date: isoDate(s.publishedAt)!,
    platform: 'youtube',
    title: s.title,
    // YouTube publishes no share count: shares is 0.
    engagement: {
      likes: number(video.statistics?.likeCount),
      comments: number(video.statistics?.commentCount),
      shares: 0,
    },
  }
}
