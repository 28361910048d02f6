import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createNewsConnector } from '../../src/platforms/news/connector'
import { fakesPerTest, longText } from '../support/fake-upstream'

// A fake news.google.com answering /rss/search in Google News' RSS 2.0 shape (entity-encoded HTML descriptions,
// <source url="…">, guid isPermaLink="false").
const fake = fakesPerTest()
const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createNewsConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_NEWS_BASE_URL: origin, ...env } }).platforms.news,
    createLogger((l) => lines.push(l)),
  )

const enc = (html: string) => html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const item = (n: number, day = n, extra: { description?: string; source?: string } = {}) => `
    <item>
      <title>Acme raises $${n}0M for its CRM &amp; more - TechCrunch</title>
      <link>https://news.google.com/rss/articles/CBMiTOKEN${n}?oc=5</link>
      <guid isPermaLink="false">CBMiTOKEN${n}</guid>
      <pubDate>Sun, ${String(day).padStart(2, '0')} Mar 2026 12:00:00 GMT</pubDate>
      <description>${extra.description ?? enc(`<a href="https://news.google.com/rss/articles/CBMiTOKEN${n}?oc=5" target="_blank">Acme raises $${n}0M</a>&nbsp;&nbsp;<font color="#6f6f6f">TechCrunch</font>`)}</description>
      ${extra.source ?? '<source url="https://techcrunch.com">TechCrunch</source>'}
    </item>`
const feed = (...items: string[]) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><generator>NFE/5.0</generator>
<title>"acme crm" - Google News</title><link>https://news.google.com/search?q=acme+crm&amp;hl=en-US&amp;gl=US&amp;ceid=US:en</link>
<language>en-US</language><webMaster>news-webmaster@google.com</webMaster><copyright>2026 Google LLC</copyright>
<lastBuildDate>Mon, 02 Mar 2026 10:00:00 GMT</lastBuildDate><description>Google News</description>${items.join('')}
</channel></rss>`,
    { headers: { 'content-type': 'application/xml; charset=utf-8' } },
  )

describe('news connector against a fake Google News RSS search', () => {
  test('GETs /rss/search with the keyword and one consistent edition (hl, gl, ceid)', async () => {
    const gn = fake(() => feed())
    await connector(gn.origin).search('acme crm', 10)
    expect(gn.received).toHaveLength(1)
    const [req] = gn.received
    expect(req.method).toBe('GET')
    expect(req.url.pathname).toBe('/rss/search')
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ q: 'acme crm', hl: 'en-US', gl: 'US', ceid: 'US:en' })
    expect(req.headers.get('accept')).toContain('application/rss+xml')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
  })

  test('maps an article: headline then the description (entity-encoded HTML) as text, the publisher as author and profile', async () => {
    const gn = fake(() => feed(item(1)))
    expect(await connector(gn.origin).search('acme', 10)).toEqual([
      {
        id: 'news:CBMiTOKEN1',
        author: 'TechCrunch',
        platform: 'news',
        title: 'Acme raises $10M for its CRM & more - TechCrunch',
        content: 'Acme raises $10M for its CRM & more - TechCrunch\n\nAcme raises $10M TechCrunch',
        url: 'https://news.google.com/rss/articles/CBMiTOKEN1?oc=5',
        profileUrl: 'https://techcrunch.com',
        date: '2026-03-01T12:00:00.000Z',
        engagement: { likes: 0, comments: 0, shares: 0 },
      },
    ])
  })

  // docs/platforms.md#medium-substack-and-news: the publisher's site comes only from <source url>; Google's redirect
  // host is no one's profile.
  test('a long description comes back whole; a missing source leaves "unknown" with no profile', async () => {
    const text = longText()
    const gn = fake(() => feed(item(1, 1, { description: enc(`<ol><li>${text}</li></ol>`), source: '' })))
    const [m] = await connector(gn.origin).search('acme', 10)
    expect(m.content).toBe(`Acme raises $10M for its CRM & more - TechCrunch\n\n${text.trim()}`)
    expect(m.author).toBe('unknown')
    expect(m.profileUrl).toBe('')
  })

  test("a source named without a url keeps no profile: the redirect's host is Google's", async () => {
    const gn = fake(() => feed(item(1, 1, { source: '<source>TechCrunch</source>' })))
    const [m] = await connector(gn.origin).search('acme', 10)
    expect([m.author, m.profileUrl]).toEqual(['TechCrunch', ''])
  })

  test('a source with a url but no name: the host is the author', async () => {
    const gn = fake(() => feed(item(1, 1, { source: '<source url="https://www.theverge.com"></source>' })))
    const [m] = await connector(gn.origin).search('acme', 10)
    expect(m.author).toBe('www.theverge.com')
    expect(m.profileUrl).toBe('https://www.theverge.com')
  })

  test('relevance order becomes newest first, and at most limit come back from the one page', async () => {
    const gn = fake(() => feed(item(1, 3), item(2, 9), item(3, 1), item(4, 7)))
    const mentions = await connector(gn.origin).search('acme', 3)
    expect(gn.received).toHaveLength(1)
    expect(mentions.map((m) => m.id)).toEqual(['news:CBMiTOKEN2', 'news:CBMiTOKEN4', 'news:CBMiTOKEN1'])
  })

  test('limit 50 against a full answer of 100 gives exactly 50', async () => {
    const gn = fake(() => feed(...Array.from({ length: 100 }, (_, i) => item(i + 1, (i % 28) + 1))))
    const mentions = await connector(gn.origin).search('acme', 50)
    expect(gn.received).toHaveLength(1)
    expect(mentions).toHaveLength(50)
    expect(new Set(mentions.map((m) => m.id)).size).toBe(50)
  })

  test('an empty search is an empty list; a malformed item is skipped and logged', async () => {
    expect(await connector(fake(() => feed()).origin).search('zzz', 10)).toEqual([])
    const lines: string[] = []
    const bad = '<item><title>No date</title><link>https://news.google.com/rss/articles/X</link></item>'
    const mentions = await connector(fake(() => feed(bad, item(2))).origin, {}, lines).search('acme', 10)
    expect(mentions.map((m) => m.id)).toEqual(['news:CBMiTOKEN2'])
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(true)
  })

  test('JSON or HTML instead of a feed is an upstream_error; so is an error status; a slow answer times out', async () => {
    await expect(connector(fake(() => Response.json({ items: [] })).origin).search('acme', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
    })
    await expect(
      connector(fake(() => new Response('<html><body>unusual traffic</body></html>')).origin).search('acme', 5),
    ).rejects.toMatchObject({ kind: 'upstream_error' })
    await expect(
      connector(fake(() => new Response('', { status: 503 })).origin).search('acme', 5),
    ).rejects.toMatchObject({ kind: 'upstream_error' })
    const slow = fake(async () => {
      await Bun.sleep(400)
      return feed()
    })
    await expect(
      connector(slow.origin, { LEAD_SIGNALS_PLATFORMS_NEWS_TIMEOUT_MS: '100' }).search('acme', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })

  test("the article's own address is stored when the feed gives it; when it gives only redirects, source health says so", async () => {
    const direct = fake(() =>
      feed(
        item(1, 1, { description: enc('<a href="https://techcrunch.com/2026/03/01/acme-crm/?a=1&amp;b=2">Acme</a>') }),
        item(2, 2).replace(
          'https://news.google.com/rss/articles/CBMiTOKEN2?oc=5',
          'https://news.google.com/news/url?sa=t&amp;url=https://www.theverge.com/acme',
        ),
      ),
    )
    const c = connector(direct.origin)
    const found = await c.search('acme', 10)
    expect(found.map((m) => m.url)).toEqual([
      'https://www.theverge.com/acme',
      'https://techcrunch.com/2026/03/01/acme-crm/?a=1&b=2',
    ])
    expect(c.warning?.()).toBeUndefined()
    // Today's feeds: the link and the description's link are both Google's redirect.
    const redirects = fake(() => feed(item(3)))
    const r = connector(redirects.origin)
    expect((await r.search('acme', 10))[0].url).toBe('https://news.google.com/rss/articles/CBMiTOKEN3?oc=5')
    expect(r.warning?.()).toContain('news.google.com address that leads to the article')
  })
})
