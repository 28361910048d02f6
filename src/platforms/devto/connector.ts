import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { fetchPlatformJson } from '../http'
import { count, readEnvelope, readItems } from '../common/mapping'
import type { Mention, PlatformConnector } from '../types'

// DEV's documented API (developers.forem.com/api) has no keyword search: /api/articles filters by tag, username,
// state or top only, and /api/articles/search orders by "hotness" and leaves out bodies. So the search is the one the
// site's own search box calls, GET /search/feed_content (Forem SearchController#feed_content): class_name=Article with
// search_fields runs Forem's full-text article search, sort_by=published_at&sort_direction=desc puts the newest first
// (any other sort_by falls back to hotness), page is 0-based and per_page is capped at 100 (Homepage::ArticlesQuery).
// It is undocumented and may change. Its results carry no body, so each article's text comes from the documented
// GET /api/articles/{id} (API v1: Accept application/vnd.forem.api-v1+json; `api-key` optional for reads).
const PAGE_MAX = 100
const MAX_PAGES = 5
const DETAIL_CONCURRENCY = 4

const Hit = v.object({
  id: v.number(),
  title: v.string(),
  path: v.string(),
  published_at_int: v.number(),
  comments_count: v.nullish(v.number()),
  public_reactions_count: v.nullish(v.number()),
  user: v.object({ username: v.string(), name: v.nullish(v.string()) }),
})
type Hit = v.InferOutput<typeof Hit>
const Envelope = v.object({ result: v.array(v.unknown()) })
const Article = v.object({ body_markdown: v.nullish(v.string()), url: v.nullish(v.pipe(v.string(), v.url())) })

export function createDevtoConnector(config: Config['platforms']['devto'], log: Logger): PlatformConnector {
  const apiHeaders: Record<string, string> = { accept: 'application/vnd.forem.api-v1+json' }
  // The key belongs to the documented API only; the site's search route has no use for it.
  if (config.api_key.trim() !== '') apiHeaders['api-key'] = config.api_key.trim()

  async function fullText(hit: Hit, signal?: AbortSignal) {
    const url = new URL(`/api/articles/${hit.id}`, config.base_url)
    const body = await fetchPlatformJson({
      platform: 'devto',
      url,
      timeoutMs: config.timeout_ms,
      headers: apiHeaders,
      signal,
      log,
    })
    return readEnvelope('devto', Article, body, 'an article without its text')
  }

  function toMention(hit: Hit, article: v.InferOutput<typeof Article>): Mention {
    return {
      id: `devto:${hit.id}`,
      author: hit.user.username || hit.user.name || 'unknown',
      // Title, then the article's Markdown as its author wrote it.
      content: article.body_markdown ? `${hit.title}\n\n${article.body_markdown}` : hit.title,
      url: article.url ?? new URL(hit.path, config.base_url).href,
      profileUrl: new URL(`/${encodeURIComponent(hit.user.username)}`, config.base_url).href,
      date: new Date(hit.published_at_int * 1000).toISOString(),
      platform: 'devto',
      // likes = all public reactions (hearts, unicorns, …); DEV has no shares.
      engagement: { likes: count(hit.public_reactions_count), comments: count(hit.comments_count), shares: 0 },
    }
  }

  return {
    platform: 'devto',
    async search(keyword, limit, signal) {
      const perPage = Math.min(limit, PAGE_MAX)
      const out: Mention[] = []
      const seen = new Set<number>()
      let firstFailure: unknown
      for (let page = 0; page < MAX_PAGES && out.length < limit; page++) {
        const url = new URL('/search/feed_content', config.base_url)
        url.search = new URLSearchParams({
          class_name: 'Article',
          search_fields: keyword,
          sort_by: 'published_at',
          sort_direction: 'desc',
          per_page: String(perPage),
          page: String(page),
        }).toString()
        const body = await fetchPlatformJson({ platform: 'devto', url, timeoutMs: config.timeout_ms, signal, log })
        const { result } = readEnvelope('devto', Envelope, body, 'a response without a result list')
        const hits: Hit[] = []
        for (const hit of readItems({ platform: 'devto', log, items: result, item: Hit, map: (h) => h })) {
          if (hits.length >= limit - out.length) break
          if (seen.has(hit.id)) continue
          seen.add(hit.id)
          hits.push(hit)
        }
        // One call per article for its text; an article that cannot be read (unpublished since, a failed call) is
        // left out and logged rather than returned without its text.
        const articles = await settle(hits, DETAIL_CONCURRENCY, (h) => fullText(h, signal))
        for (const [i, a] of articles.entries()) {
          if (a.status === 'fulfilled') {
            out.push(toMention(hits[i], a.value))
            continue
          }
          firstFailure ??= a.reason
          log.warn('platform_item_skipped', { platform: 'devto', reason: 'article text unavailable', err: a.reason })
        }
        if (result.length < perPage) break
      }
      // Every article failed: the API is down or refusing us, which is an error, not an empty result.
      if (out.length === 0 && firstFailure !== undefined) throw firstFailure
      return out.slice(0, limit)
    },
  }
}

/** `fn` over `items`, at most `n` at a time, in order, never rejecting. */
async function settle<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      try {
        results[i] = { status: 'fulfilled', value: await fn(items[i]) }
      } catch (reason) {
        results[i] = { status: 'rejected', reason }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker))
  return results
}
