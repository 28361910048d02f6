import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createSearxngConnector, resultDate } from '../../src/platforms/searxng/connector'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { searxngLimiter } from '../support/platform-rules'
import { searxngPage } from '../support/searxng-answer'

// A fake SearXNG instance answering /search?format=json in the shape of searx/webutils.get_json_response.
const fake = fakesPerTest()
const connector = (
  network: 'internet' | 'indiehacker',
  origin: string,
  env: Record<string, string> = {},
  lines: string[] = [],
) => {
  const key = network.toUpperCase()
  const config = loadConfig({ env: { [`LEAD_SIGNALS_PLATFORMS_${key}_BASE_URL`]: origin, ...env } }).platforms[network]
  return createSearxngConnector(
    network,
    config,
    createLogger((l) => lines.push(l)),
  )
}

const result = (n: number, extra: Record<string, unknown> = {}) => ({
  url: `https://www.indiehackers.com/post/looking-for-a-crm-${n}`,
  title: `Looking for a CRM #${n}`,
  content: `We are a small team &amp; need a CRM (${n}).`,
  engine: 'duckduckgo',
  engines: ['duckduckgo', 'brave'],
  positions: [n],
  score: 2.5,
  category: 'general',
  parsed_url: ['https', 'www.indiehackers.com', `/post/${n}`, '', '', ''],
  template: 'default.html',
  thumbnail: '',
  priority: '',
  publishedDate: '2026-03-01T10:30:00',
  ...extra,
})
const page = searxngPage

describe('searxng connector (internet and indiehacker) against a fake instance', () => {
  test('internet GETs /search with the keyword, format=json and pageno 1', async () => {
    const sx = fake(() => page([]))
    await connector('internet', sx.origin).search('acme crm', 10)
    expect(sx.received).toHaveLength(1)
    const [req] = sx.received
    expect(req.method).toBe('GET')
    expect(req.url.pathname).toBe('/search')
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ q: 'acme crm', format: 'json', pageno: '1' })
    // What SearXNG's limiter wants to see before it serves a request (botdetection http_accept, http_accept_language).
    expect(req.headers.get('accept')).toBe('application/json, text/html;q=0.9')
    expect(req.headers.get('accept-language')).toBe('en-US,en;q=0.8')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
  })

  test("a stock instance's limiter serves four searches an hour, one JSON page each; the fifth gets the hour as its wait", async () => {
    const limiter = searxngLimiter()
    const sx = fake((req) => limiter.check(req) ?? page([result(1)]))
    const c = connector('internet', sx.origin)
    for (let i = 0; i < 4; i++) expect(await c.search('crm', 10)).toHaveLength(1)
    expect(sx.received).toHaveLength(4)
    const err = await c.search('crm', 10).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 429, extra: { retryAfterSec: 3600 } })
    expect(err.message).toContain("pass_ip in the instance's limiter.toml, or the limiter off")
    // Headers do not help: a script's request is refused by the header probes before it is counted.
    const bare = await fetch(`${sx.origin}/search?q=crm&format=json`, { headers: { accept: 'application/json' } })
    expect(bare.status).toBe(429)
  })

  test('an address on the pass list gets every page it asks for (max_pages)', async () => {
    const limiter = searxngLimiter({ passIp: ['127.0.0.1'] })
    const sx = fake(({ url, ...req }) => {
      const p = Number(url.searchParams.get('pageno'))
      return limiter.check({ url, ...req }) ?? page(Array.from({ length: 10 }, (_, i) => result((p - 1) * 10 + i + 1)))
    })
    const mentions = await connector('internet', sx.origin, { LEAD_SIGNALS_PLATFORMS_INTERNET_MAX_PAGES: '6' }).search(
      'crm',
      50,
    )
    expect(mentions).toHaveLength(50)
    expect(sx.received).toHaveLength(5)
    expect(limiter.refused).toBe(0)
  })

  test("a limiter's refusal of a later page keeps the pages before it; the next search waits, unsent", async () => {
    const limiter = searxngLimiter()
    const sx = fake(({ url, ...req }) => {
      const p = Number(url.searchParams.get('pageno'))
      return limiter.check({ url, ...req }) ?? page(Array.from({ length: 10 }, (_, i) => result((p - 1) * 10 + i + 1)))
    })
    const c = connector('internet', sx.origin, { LEAD_SIGNALS_PLATFORMS_INTERNET_MAX_PAGES: '6' })
    expect(await c.search('crm', 50)).toHaveLength(40)
    expect(sx.received).toHaveLength(5)
    const err = await c.search('crm', 50).catch((e) => e)
    expect(err.extra.retryAfterSec).toBeGreaterThan(3590)
    expect(err.message).toContain('limiter')
    expect(sx.received).toHaveLength(5)
  })

  test('a 429 from the limiter says how to let this server through, with its Retry-After when it gives one', async () => {
    const sx = fake(() => new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '120' } }))
    const err = await connector('internet', sx.origin)
      .search('crm', 10)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 429, extra: { retryAfterSec: 120 } })
    expect(err.message).toContain("this server's address under pass_ip")
  })

  test('a 403 with a Retry-After (a proxy in front of the instance) is a limit too', async () => {
    const sx = fake(() => new Response('Forbidden', { status: 403, headers: { 'retry-after': '600' } }))
    const err = await connector('internet', sx.origin)
      .search('crm', 10)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 403, extra: { retryAfterSec: 600 } })
    expect(err.message).toContain('pass_ip')
  })

  test('an instance under a path is searched under that path', async () => {
    const sx = fake(() => page([]))
    await connector('internet', `${sx.origin}/searxng`).search('crm', 10)
    expect(sx.received[0].url.pathname).toBe('/searxng/search')
  })

  test('indiehacker limits the query to indiehackers.com', async () => {
    const sx = fake(() => page([]))
    await connector('indiehacker', sx.origin).search('crm', 10)
    expect(sx.received[0].url.searchParams.get('q')).toBe('site:indiehackers.com crm')
  })

  test('maps a result: title then the snippet as text, the host as author, a hashed url id, a naive date read as UTC', async () => {
    const snippet = longText()
    const sx = fake(() => page([result(1, { content: snippet })]))
    const [m] = await connector('indiehacker', sx.origin).search('crm', 10)
    expect(m).toEqual({
      id: expect.stringMatching(/^indiehacker:[0-9a-f]{24}$/),
      author: 'www.indiehackers.com',
      // The site stands in for an author: no one's name (docs/people.md#who-is-a-person).
      authorKnown: false,
      platform: 'indiehacker',
      content: `Looking for a CRM #1\n\n${snippet.trim()}`,
      url: 'https://www.indiehackers.com/post/looking-for-a-crm-1',
      // docs/platforms.md#internet-and-indiehacker: a result names no author's profile; the site is no one's.
      profileUrl: '',
      date: '2026-03-01T10:30:00.000Z',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
    const again = await connector('internet', sx.origin).search('crm', 10)
    expect(again[0].id.split(':')[1]).toBe(m.id.split(':')[1])
    expect(again[0].id.startsWith('internet:')).toBe(true)
  })

  test('a result without a date gets the time of the search; an engine author and an offset date are used', async () => {
    const sx = fake(() =>
      page([
        result(1, { publishedDate: null, content: null }),
        result(2, { publishedDate: undefined, author: 'Courtland Allen' }),
        result(3, { publishedDate: '2026-03-01T10:30:00+02:00' }),
      ]),
    )
    const before = Date.now()
    const [a, b, c] = await connector('internet', sx.origin).search('crm', 10)
    expect(Date.parse(a.date)).toBeGreaterThanOrEqual(before - 1)
    expect(Date.parse(a.date)).toBeLessThanOrEqual(Date.now())
    expect(a.content).toBe('Looking for a CRM #1')
    expect(b.date).toBe(a.date)
    expect(b.author).toBe('Courtland Allen')
    expect(b.authorKnown).toBeUndefined()
    // An engine's author comes as a name only: the page's site is not their profile.
    expect(b.profileUrl).toBe('')
    expect(c.date).toBe('2026-03-01T08:30:00.000Z')
  })

  test('SearXNG dates: naive isoformat as UTC, microseconds, offsets, date only, junk', () => {
    expect(resultDate('2026-03-01T10:30:00.123456')).toBe('2026-03-01T10:30:00.123Z')
    expect(resultDate('2026-03-01T10:30:00Z')).toBe('2026-03-01T10:30:00.000Z')
    expect(resultDate('2026-03-01')).toBe('2026-03-01T00:00:00.000Z')
    expect(resultDate('')).toBeUndefined()
    expect(resultDate('not a date')).toBeUndefined()
  })

  test('limit 50 pages through pageno in pages of ten, skipping repeats and malformed results, and stops at exactly 50', async () => {
    const lines: string[] = []
    const sx = fake(({ url }) => {
      const p = Number(url.searchParams.get('pageno'))
      const results: unknown[] = Array.from({ length: 10 }, (_, i) => result((p - 1) * 10 + i + 1))
      if (p === 2) results[0] = result(5) // already on page 1
      if (p === 3) results[4] = { title: 'no url' }
      return page(results)
    })
    const six = { LEAD_SIGNALS_PLATFORMS_INTERNET_MAX_PAGES: '6' }
    const mentions = await connector('internet', sx.origin, six, lines).search('crm', 50)
    expect(sx.received.map((r) => r.url.searchParams.get('pageno'))).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(mentions).toHaveLength(50)
    expect(new Set(mentions.map((m) => m.url)).size).toBe(50)
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(true)
  })

  // A search is charged ceil(limit / 10) + 1 pages, at most max_pages, before it is sent (docs/platforms.md#budgets),
  // and sends no page more: pages of few results end it with fewer than `limit`.
  test('short pages: no more pages than the search was charged', async () => {
    const six = { LEAD_SIGNALS_PLATFORMS_INTERNET_MAX_PAGES: '6' }
    const sx = fake(({ url }) => {
      const p = Number(url.searchParams.get('pageno'))
      return page([1, 2, 3].map((i) => result((p - 1) * 3 + i)))
    })
    const c = connector('internet', sx.origin, six)
    expect(c.requestsFor?.(10)).toBe(2)
    expect(await c.search('crm', 10)).toHaveLength(6)
    expect(sx.received.map((r) => r.url.searchParams.get('pageno'))).toEqual(['1', '2'])
  })

  test('stops when a page is empty or brings nothing new', async () => {
    const six = { LEAD_SIGNALS_PLATFORMS_INTERNET_MAX_PAGES: '6' }
    const empty = fake(({ url }) => page(url.searchParams.get('pageno') === '1' ? [result(1), result(2)] : []))
    expect(await connector('internet', empty.origin, six).search('crm', 50)).toHaveLength(2)
    expect(empty.received).toHaveLength(2)
    const same = fake(() => page([result(1), result(2)]))
    expect(await connector('internet', same.origin, six).search('crm', 50)).toHaveLength(2)
    expect(same.received).toHaveLength(2)
  })

  // SearXNG answers 403 to a format its settings do not list (docs.searxng.org/dev/search_api): no key is involved,
  // so platforms check must not call it refused credentials.
  test('a 403 says that JSON output is not enabled on the instance, not that credentials were refused', async () => {
    const sx = fake(() => new Response('Forbidden', { status: 403 }))
    const err = await connector('internet', sx.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 403, refusedCredentials: false })
    expect(err.message).toContain('search.formats')
    expect(err.message).not.toContain(sx.origin)
  })

  test('an answer without results is an upstream_error; other statuses too; a slow answer is an upstream_timeout', async () => {
    await expect(
      connector('internet', fake(() => Response.json({ error: 'x' })).origin).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_error' })
    const err = await connector('internet', fake(() => new Response('', { status: 500 })).origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', message: 'internet answered with status 500' })
    const slow = fake(async () => {
      await Bun.sleep(400)
      return page([])
    })
    await expect(
      connector('indiehacker', slow.origin, { LEAD_SIGNALS_PLATFORMS_INDIEHACKER_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })

  test('without a base_url the connector refuses with platform_not_configured', async () => {
    const config = loadConfig({ env: {} }).platforms.internet
    await expect(
      createSearxngConnector(
        'internet',
        config,
        createLogger(() => {}),
      ).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'platform_not_configured' })
  })
})
