import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createNewsConnector } from '../../src/platforms/news/connector'
import { fakesPerTest } from '../support/fake-upstream'

// Google documents no wait for its news RSS: its "unusual traffic" help (support.google.com/websearch/answer/86640)
// says only that the block ends a while after the automated requests stop, and a throttled client is sent, with a
// 302, to /sorry/index?continue=…, which answers 429 with an HTML page and no Retry-After (as users meet it:
// github.com/Torantulino/Auto-GPT/issues/31). A fake on 127.0.0.1 does the same, and answers a feed when let through
// (docs/platforms.md#medium-substack-and-news). Each refusal in a row doubles the wait, from a minute to an hour.
const fake = fakesPerTest()
const RSS = '<?xml version="1.0"?><rss version="2.0"><channel><title>Google News</title></channel></rss>'

const waitOf = (search: Promise<unknown>) =>
  search.then(
    () => undefined,
    (err: { kind?: string; extra?: { retryAfterSec?: number } }) => [err.kind, err.extra?.retryAfterSec],
  )

describe('Google News throttling without Retry-After', () => {
  test('each 429 in a row, direct or after the /sorry/ redirect, waits twice the last, an hour at most; a feed starts over', async () => {
    let throttled = true
    const google = fake((req) => {
      if (req.url.pathname === '/sorry/index')
        return new Response('<html><body>Our systems have detected unusual traffic</body></html>', {
          status: 429,
          headers: { 'content-type': 'text/html' },
        })
      if (!throttled) return new Response(RSS, { headers: { 'content-type': 'application/xml' } })
      const back = `/sorry/index?continue=${encodeURIComponent(req.url.href)}`
      return req.url.searchParams.get('q')?.includes('direct')
        ? new Response('Too Many Requests', { status: 429 })
        : new Response(null, { status: 302, headers: { location: back } })
    })
    const news = createNewsConnector(
      loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_NEWS_BASE_URL: google.origin } }).platforms.news,
      createLogger(() => {}),
    )
    const waits = []
    for (let i = 0; i < 8; i++) waits.push(await waitOf(news.search(i % 2 ? 'direct' : 'acme', 5)))
    expect(waits.map((w) => w?.[0])).toEqual(Array(8).fill('upstream_error'))
    expect(waits.map((w) => w?.[1])).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600])
    throttled = false
    expect(await news.search('acme', 5)).toEqual([])
    throttled = true
    expect(await waitOf(news.search('acme', 5))).toEqual(['upstream_error', 60])
  })

  test('a Retry-After Google names is kept as named', async () => {
    const google = fake(() => new Response('', { status: 429, headers: { 'retry-after': '30' } }))
    const news = createNewsConnector(
      loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_NEWS_BASE_URL: google.origin } }).platforms.news,
      createLogger(() => {}),
    )
    for (let i = 0; i < 3; i++) expect(await waitOf(news.search('acme', 5))).toEqual(['upstream_error', 30])
  })

  // Google's /sorry/ page is also met answering 503 (github.com/jarun/googler/issues/166,
  // github.com/abenassi/Google-Search-API/issues/63: "503 CaptchaRedirect"): the same throttle, not an outage.
  test("a 503 from Google's /sorry/ page is the throttle, with its wait and its words", async () => {
    const google = fake((req) =>
      req.url.pathname === '/sorry/index'
        ? new Response('<html><body>Our systems have detected unusual traffic</body></html>', { status: 503 })
        : new Response(null, { status: 302, headers: { location: `/sorry/index?continue=${req.url.pathname}` } }),
    )
    const news = createNewsConnector(
      loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_NEWS_BASE_URL: google.origin } }).platforms.news,
      createLogger(() => {}),
    )
    expect(await waitOf(news.search('acme', 5))).toEqual(['upstream_error', 60])
    expect(await waitOf(news.search('acme', 5))).toEqual(['upstream_error', 120])
    const message = await news.search('acme', 5).catch((err: Error) => err.message)
    expect(message).toContain('news is rate limited (503')
    expect(message).toContain("Google's unusual-traffic page at /sorry/")
    expect(message).toContain('retry after 240 s')
  })

  test('a 503 of the feed itself is an outage, not a throttle', async () => {
    const google = fake(() => new Response('Service Unavailable', { status: 503 }))
    const news = createNewsConnector(
      loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_NEWS_BASE_URL: google.origin } }).platforms.news,
      createLogger(() => {}),
    )
    expect(await waitOf(news.search('acme', 5))).toEqual(['upstream_error', undefined])
  })
})
