import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { fetchPlatformJson } from '../http'
import { youtubeFailure, youtubeRateLimit } from './errors'
import { authorOr, count, isoDate, readEnvelope, readItems, ReadableDate } from '../common/mapping'
import type { Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { youtubeQuery } from '../../query/platform-queries'

// YouTube Data API v3. search.list (type=video, order=date: newest first) takes maxResults 0..50 and pages with
// nextPageToken → pageToken; its snippets cut descriptions short and HTML-escape titles (&#39;), so the text, the
// channel and the counts all come from videos.list (part=statistics,snippet), at most 50 comma-separated ids a call.
// search.list has its own small daily bucket (100 calls per project), which is what this platform's budget counts
// (docs/platforms.md#youtube); a spent quota is a 403 with reason quotaExceeded, until midnight Pacific time
// (errors.ts).
// The API key travels in the query string: http.ts never puts a URL into an error or a log line, and neither does this.
const PAGE_MAX = 50
const MAX_PAGES = 4
const IDS_PER_CALL = 50

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
