import { createHash } from 'node:crypto'
import * as v from 'valibot'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import type { Logger } from '../../lib/log'
import { fetchPlatformJson } from '../http'
import { UpstreamStatusError } from '../upstream-errors'
import { retryAfterSecOf } from '../common/rate-limit'
import type { RateLimitRule } from '../common/rate-limit'
import { countedPause } from '../common/counted-limits'
import type { PlatformShared } from '../common/shared-pauses'
import { collectMentions } from '../common/collect'
import { stripHtml } from '../common/html-text'
import { authorOr, readEnvelope, readItems } from '../common/mapping'
import type { Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { plainQuery } from '../../query/platform-queries'
import { silentEngines, silentEnginesWarning } from './engines'

// SearXNG search API (docs.searxng.org/dev/search_api): GET /search?q=…&format=json&pageno=N (1-based). JSON is
// only served when the instance lists `json` under search.formats in settings.yml; otherwise it answers 403. A page
// holds what its engines returned (about 10-20 results); there is no page-size parameter. The body is
// { query, number_of_results, results: [{ url, title, content, engine, engines, publishedDate, … }], answers,
// corrections, infoboxes, suggestions, unresponsive_engines }. Dates are Python isoformat() strings, often without
// an offset, or null. Results come in SearXNG's relevance order: it has no newest-first sort, so that order is kept.
// `max_pages` (1 by default, at most 6: 50 results at ten a page plus one for repeats) bounds the pages of a search.
// A stock instance runs SearXNG's limiter (searx/limiter.py, searx/botdetection): it answers 429 to a request whose
// Accept does not name text/html or that has no Accept-Language, so these are what a browser would send. Headers do
// not get past its ip_limit, though: every request with a format other than html counts, and an address gets
// API_MAX = 4 of them in a sliding API_WINDOW of 3600 s, then 429 without a Retry-After. Only the instance's pass_ip
// list (checked first) or the limiter off lets more through (docs/platforms.md#internet-and-indiehacker).
const HEADERS = { accept: 'application/json, text/html;q=0.9', 'accept-language': 'en-US,en;q=0.8' }
const API_WINDOW_SEC = 3600

const Result = v.object({
  url: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i)),
  title: v.string(),
  content: v.nullish(v.string()),
  publishedDate: v.nullish(v.string()),
  author: v.nullish(v.string()),
})
const Envelope = v.object({
  results: v.array(v.unknown()),
  unresponsive_engines: v.optional(v.array(v.unknown())),
})

type Network = 'internet' | 'indiehacker'

export function createSearxngConnector(
  network: Network,
  config: Config['platforms']['internet'],
  log: Logger,
  shared: PlatformShared = {},
): PlatformConnector {
  // The limiter counts this machine's requests to the instance, whichever network asks: a refusal holds the searches
  // of both on every server here (docs/platforms.md#rate-limits). One after the first page keeps that search's results.
  const pause = countedPause(
    network,
    config,
    shared.pauses,
    (wait, why) => `${network}: the SearXNG limiter refused this server (${why}); retry after ${wait} s`,
  )!

  async function fetchPage(base: string, q: string, pageno: number, signal?: AbortSignal) {
    const url = new URL('search', base)
    url.search = new URLSearchParams({ q, format: 'json', pageno: String(pageno) }).toString()
    const body = await fetchPlatformJson({
      platform: network,
      url,
      timeoutMs: config.timeout_ms,
      headers: HEADERS,
      rateLimit: limiterRefusal,
      signal,
    }).catch((err) => {
      throw explained(network, err)
    })
    return readEnvelope(network, Envelope, body, 'a response without a results list')
  }

  // The pages a search is charged (about ten results a page, one more for repeats) and sends at most.
  const pagesFor = (limit: number) => Math.min(config.max_pages, Math.ceil(limit / 10) + 1)
  // The engines that did not answer when the last search found nothing (engines.ts).
  let silent: string[] = []
  return {
    platform: network,
    pause,
    requestsFor: pagesFor,
    warning: () => silentEnginesWarning(network, silent),
    async search(keyword, limit, signal) {
      // The registry builds this connector only when base_url is set (docs/operations.md#platforms); this guards the
      // type.
      if (!config.base_url) throw new AppError('platform_not_configured', `${network} needs a SearXNG base_url`)
      // Nothing is sent during the limiter's wait: refused unsent, 503 with the seconds left.
      await pause.refuseWhileHeld()
      // Indie Hackers has no API; its posts are found through the engines' site: operator.
      const words = plainQuery(keyword)
      const q = network === 'indiehacker' ? `site:indiehackers.com ${words}` : words
      // The time of this search stands in for results without a date (most web pages have none): it is when the
      // page was seen, and keeping them beats dropping most of the web.
      const searchedAt = new Date().toISOString()
      // An instance often lives under a path behind a proxy (https://host/searxng/): /search is relative to it.
      const base = config.base_url.endsWith('/') ? config.base_url : `${config.base_url}/`
      const found = collectMentions(limit, (m) => m.url)
      silent = []
      for (let pageno = 1; pageno <= pagesFor(limit) && !found.full; pageno++) {
        let answer: Awaited<ReturnType<typeof fetchPage>>
        try {
          answer = await fetchPage(base, q, pageno, signal)
        } catch (err) {
          const retryAfterSec = err instanceof AppError ? err.extra.retryAfterSec : undefined
          if (pageno === 1 || retryAfterSec === undefined) return pause.refused(err)
          await pause.hold(retryAfterSec, 'rate limited')
          log.warn('platform_rate_limited', { platform: network, pageno, retryAfterSec })
          break
        }
        const { results, unresponsive_engines } = answer
        if (results.length === 0 && unresponsive_engines?.length) {
          log.warn('platform_engines_unresponsive', { platform: network, engines: unresponsive_engines.length })
          if (pageno === 1) silent = silentEngines(unresponsive_engines)
        }
        // Engines and pages overlap: the same address may come twice.
        const fresh = found.add(
          readItems({
            platform: network,
            log,
            items: results,
            item: Result,
            map: (r) => toMention(network, r, searchedAt),
          }),
        )
        // An empty page, or one with nothing new, is the end of what the engines have.
        if (fresh === 0) break
      }
      return found.take()
    },
  }
}

/**
 * The limiter's refusals: 429 (ip_limit, the header probes, the block list), or a 403 with a Retry-After from a proxy
 * in front of it. Its own 429 names no time: the API window's hour is the longest it can take to free a request.
 */
const limiterRefusal: RateLimitRule = ({ status, headers }, now) => {
  const wait = retryAfterSecOf(headers, now)
  if (status === 429) return { retryAfterSec: wait ?? API_WINDOW_SEC, why: '429' }
  if (status === 403 && wait !== undefined) return { retryAfterSec: wait, why: '403' }
  return undefined
}

/** The refusals a SearXNG operator can fix, with what to change (docs/platforms.md#internet-and-indiehacker). */
function explained(network: Network, err: unknown): unknown {
  if (!(err instanceof UpstreamStatusError)) return err
  const retryAfterSec = err.extra.retryAfterSec
  if (err.status === 403 && retryAfterSec === undefined)
    return new UpstreamStatusError(
      403,
      `${network}: the SearXNG instance refused JSON (403); add json to search.formats in its settings.yml`,
      undefined,
      // A setting of the instance, not a key: SearXNG takes none (platforms check: unexpected answer).
      false,
    )
  if (retryAfterSec !== undefined)
    return new UpstreamStatusError(
      err.status,
      `${network}: the SearXNG limiter refused this server (${err.status}); retry after ${retryAfterSec} s. JSON needs this server's address under pass_ip in the instance's limiter.toml, or the limiter off`,
      retryAfterSec,
    )
  return err
}

function toMention(network: Network, r: v.InferOutput<typeof Result>, searchedAt: string): Mention {
  const page = new URL(r.url)
  return {
    id: `${network}:${createHash('sha256').update(r.url).digest('hex').slice(0, 24)}`,
    // A web page has no author field; some engines give one, otherwise the site (www.indiehackers.com) stands in.
    ...authorOr(r.author?.trim(), page.hostname),
    // The title, then the engine's snippet of the page, as text.
    content: r.content ? `${stripHtml(r.title)}\n\n${stripHtml(r.content)}` : stripHtml(r.title),
    url: r.url,
    // A result's author is a name at most: the page's site is no one's profile
    // (docs/platforms.md#internet-and-indiehacker).
    profileUrl: '',
    date: resultDate(r.publishedDate) ?? searchedAt,
    platform: network,
    // Search results carry no engagement.
    engagement: { likes: 0, comments: 0, shares: 0 },
  }
}

/**
 * SearXNG's isoformat() dates often lack an offset. With nothing to go by, such a date is read as UTC, so that the
 * answer does not depend on this server's time zone.
 */
export function resultDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  const naive = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
  const ms = Date.parse(naive ? `${value}Z` : value)
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined
}
