import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { decodeEntities, htmlToText, stripHtml } from '../common/html-text'
import { createPacer } from '../common/pace'
import { fetchPlatformJson } from '../http'
import { authorOr, count, readEnvelope, readItems } from '../common/mapping'
import { AS_SENT, type Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { plainQuery } from '../../query/platform-queries'

// DEV's documented API (developers.forem.com/api) has no keyword search: /api/articles filters by tag, username,
// state or top only, and /api/articles/search orders by "hotness" and leaves out bodies. So the search is the one the
// site's own search box calls, GET /search/feed_content (Forem SearchController#feed_content): class_name=Article with
// search_fields runs Forem's full-text article search, sort_by=published_at&sort_direction=desc puts the newest first
// (any other sort_by falls back to hotness), page is 0-based and per_page is capped at 100 (Homepage::ArticlesQuery).
// It is undocumented and may change. Its results carry no body, so each article's text comes from the documented
// GET /api/articles/{id} (API v1: Accept application/vnd.forem.api-v1+json; `api-key` optional for reads). Forem
// allows 3 API requests a second and answers 429 beyond, so every request of this connector waits its turn within
// that pace (a little under it, for the network's jitter); an article whose text cannot be read is kept without it.
const PAGE_MAX = 100
const MAX_PAGES = 5
const DETAIL_CONCURRENCY = 3

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
const Article = v.object({
  body_html: v.nullish(v.string()),
  body_markdown: v.nullish(v.string()),
  url: v.nullish(v.pipe(v.string(), v.url())),
})
type Article = v.InferOutput<typeof Article>

/** Requests started per window: Forem's published 3 a second, spread over a little more than a second. */
export type Pace = { requests: number; windowMs: number }
export const FOREM_PACE: Pace = { requests: 3, windowMs: 1100 }

export function createDevtoConnector(
  config: Config['platforms']['devto'],
  log: Logger,
  pace: Pace = FOREM_PACE,
): PlatformConnector {
  const apiHeaders: Record<string, string> = { accept: 'application/vnd.forem.api-v1+json' }
  // The key belongs to the documented API only; the site's search route has no use for it.
  if (config.api_key.trim() !== '') apiHeaders['api-key'] = config.api_key.trim()
  const pacer = createPacer(pace.requests, pace.windowMs)
  const get = async (a: Parameters<typeof fetchPlatformJson>[0]) => {
    await pacer.turn()
    return fetchPlatformJson(a)
  }

  async function fullText(hit: Hit, signal?: AbortSignal) {
    const url = new URL(`/api/articles/${hit.id}`, config.base_url)
    const body = await get({
      platform: 'devto',
      url,
      timeoutMs: config.timeout_ms,
      headers: apiHeaders,
      signal,
    })
    return readEnvelope('devto', Article, body, 'an article without its text')
  }

  function toMention(hit: Hit, article: Article | undefined): Mention {
    // Title, then the article as text: its rendered HTML read as text, else its Markdown without embedded HTML.
    const body = article?.body_html ? htmlToText(article.body_html) : stripHtml(article?.body_markdown ?? '')
    return {
      id: `devto:${hit.id}`,
      ...authorOr(hit.user.username || hit.user.name),
      content: body ? `${decodeEntities(hit.title)}\n\n${body}` : decodeEntities(hit.title),
      url: article?.url ?? new URL(hit.path, config.base_url).href,
      profileUrl: new URL(`/${encodeURIComponent(hit.user.username)}`, config.base_url).href,
      date: new Date(hit.published_at_int * 1000).toISOString(),
      platform: 'devto',
      title: decodeEntities(hit.title),
      [AS_SENT]: [hit.title, article?.body_html || article?.body_markdown],
      // likes = all public reactions (hearts, unicorns, …); DEV has no shares.
      engagement: { likes: count(hit.public_reactions_count), comments: count(hit.comments_count), shares: 0 },
    }
  }

  return {
    platform: 'devto',
    // The search pages, then one call per article for its text.
    requestsFor: (limit) => Math.ceil(limit / PAGE_MAX) + limit,
    async search(keyword, limit, signal) {
      const perPage = Math.min(limit, PAGE_MAX)
      const out: Mention[] = []
      const seen = new Set<number>()
      // No search page more than the search was charged (docs/platforms.md#budgets), however short a page comes back.
      const pages = Math.min(MAX_PAGES, Math.ceil(limit / PAGE_MAX))
      for (let page = 0; page < pages && out.length < limit; page++) {
        const url = new URL('/search/feed_content', config.base_url)
        url.search = new URLSearchParams({
          class_name: 'Article',
          search_fields: plainQuery(keyword, false),
          sort_by: 'published_at',
          sort_direction: 'desc',
          per_page: String(perPage),
          page: String(page),
        }).toString()
        const body = await get({ platform: 'devto', url, timeoutMs: config.timeout_ms, signal })
        const { result } = readEnvelope('devto', Envelope, body, 'a response without a result list')
        const hits: Hit[] = []
        for (const hit of readItems({ platform: 'devto', log, items: result, item: Hit, map: (h) => h })) {
          if (hits.length >= limit - out.length) break
          if (seen.has(hit.id)) continue
          seen.add(hit.id)
          hits.push(hit)
        }
        // One call per article for its text; an article whose text cannot be read (unpublished since, a refused
        // call) is still a result, with its title only, and the reason goes to the log.
        const articles = await settle(hits, DETAIL_CONCURRENCY, (h) => fullText(h, signal))
        for (const [i, a] of articles.entries()) {
          if (a.status === 'rejected') {
            if (signal?.aborted) throw a.reason
            log.warn('platform_item_partial', { platform: 'devto', reason: 'article text unavailable', err: a.reason })
          }
          out.push(toMention(hits[i], a.status === 'fulfilled' ? a.value : undefined))
        }
        if (result.length < perPage) break
      }
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
