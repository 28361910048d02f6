import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createMediumConnector, mediumTag, mediumTags } from '../../src/platforms/medium/connector'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { HTML_BODIES } from '../support/html-bodies'
import { AS_SENT } from '../../src/mention'

// A fake medium.com serving /feed/tag/{tag} as Medium's RSS 2.0 (dc: and content: namespaces, CDATA bodies).
const fake = fakesPerTest()
const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createMediumConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_MEDIUM_BASE_URL: origin, ...env } }).platforms.medium,
    createLogger((l) => lines.push(l)),
  )

const item = (n: number, extra = '') => `
    <item>
      <title><![CDATA[Why we chose a CRM #${n}]]></title>
      <link>https://medium.com/@jane/why-we-chose-a-crm-${n}a2b3c?source=rss------crm-5</link>
      <guid isPermaLink="false">https://medium.com/p/${n}a2b3c</guid>
      <category><![CDATA[crm]]></category>
      <category><![CDATA[saas]]></category>
      <dc:creator><![CDATA[Jane Doe]]></dc:creator>
      <pubDate>Sun, 0${n} Mar 2026 12:00:00 GMT</pubDate>
      <atom:updated>2026-03-0${n}T12:30:00.000Z</atom:updated>
      ${extra}
    </item>`
const feed = (...items: string[]) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" version="2.0" xmlns:cc="http://cyber.law.harvard.edu/rss/creativeCommonsRssModule.html">
  <channel>
    <title><![CDATA[Crm on Medium]]></title>
    <description><![CDATA[Latest stories tagged with Crm on Medium]]></description>
    <link>https://medium.com/tag/crm/latest?source=rss------crm-5</link>
    <generator>Medium</generator>
    <lastBuildDate>Mon, 02 Mar 2026 10:00:00 GMT</lastBuildDate>
    <atom:link href="https://medium.com/feed/tag/crm" rel="self" type="application/rss+xml"/>${items.join('')}
  </channel>
</rss>`,
    { headers: { 'content-type': 'text/xml; charset=UTF-8' } },
  )

describe('medium connector against a fake tag feed', () => {
  test('turns a one-word keyword into its tag and GETs /feed/tag/{slug} once, with an RSS Accept and the User-Agent', async () => {
    const md = fake(() => feed())
    await connector(md.origin).search('  CRM ', 5)
    expect(md.received).toHaveLength(1)
    const [req] = md.received
    expect(req.method).toBe('GET')
    expect(req.url.pathname).toBe('/feed/tag/crm')
    expect(req.url.search).toBe('')
    expect(req.headers.get('accept')).toContain('application/rss+xml')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
  })

  test("several words: their own tag, then each word's tag, keeping the stories that hold every word", async () => {
    // Only tags in use have a feed; crm-tool has none.
    const tagged: Record<string, string[]> = {
      crm: [item(1, '<description><![CDATA[<p>A CRM tool for small teams</p>]]></description>'), item(2)],
      tool: [item(3, '<description><![CDATA[<p>The tool we use as a CRM</p>]]></description>'), item(4)],
    }
    const md = fake(({ url }) => {
      const items = tagged[url.pathname.replace('/feed/tag/', '')]
      return items ? feed(...items) : new Response('Not Found', { status: 404 })
    })
    const c = connector(md.origin)
    const mentions = await c.search('CRM tool', 10)
    expect(md.received.map((r) => r.url.pathname)).toEqual(['/feed/tag/crm-tool', '/feed/tag/crm', '/feed/tag/tool'])
    expect(mentions.map((m) => m.id)).toEqual(['medium:3a2b3c', 'medium:1a2b3c'])
    // Each feed is a request of the budget.
    expect(c.requestsFor?.(10, 'CRM tool')).toBe(3)
    expect(c.requestsFor?.(10, 'crm')).toBe(1)
    expect(mediumTags('product management for b2b saas teams')).toEqual([
      'product-management-for-b2b-saas-teams',
      'product',
      'management',
      'for',
    ])
  })

  test('a tag nobody uses finds nothing, once a tag in wide use shows the address is Medium; that is asked once an hour', async () => {
    const md = fake(({ url }) =>
      url.pathname === '/feed/tag/software' ? feed(item(1)) : new Response('Not Found', { status: 404 }),
    )
    const c = connector(md.origin)
    expect(await c.search('zzyzx', 5)).toEqual([])
    expect(md.received.map((r) => r.url.pathname)).toEqual(['/feed/tag/zzyzx', '/feed/tag/software'])
    expect(await c.search('qwxyz', 5)).toEqual([])
    expect(md.received.map((r) => r.url.pathname).slice(2)).toEqual(['/feed/tag/qwxyz'])
  })

  test('an address that answers 404 to every feed is an error naming base_url, not a search that found nothing', async () => {
    const md = fake(() => new Response('Not Found', { status: 404 }))
    const c = connector(md.origin)
    const err = await c.search('crm tool', 5).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(Error)
    expect((err as Error).message).toContain('base_url')
    expect(md.received.map((r) => r.url.pathname)).toEqual([
      '/feed/tag/crm-tool',
      '/feed/tag/crm',
      '/feed/tag/tool',
      '/feed/tag/software',
    ])
  })

  test('tag slugs: lower case, spaces to hyphens, punctuation dropped', () => {
    expect(mediumTag('Artificial Intelligence')).toBe('artificial-intelligence')
    expect(mediumTag('Node.js')).toBe('nodejs')
    expect(mediumTag('  b2b   SaaS  ')).toBe('b2b-saas')
    expect(mediumTag('crm - tools')).toBe('crm-tools')
    expect(mediumTag('Café')).toBe('café')
    expect(mediumTag('?!')).toBe('')
  })

  test('a keyword that names no tag asks Medium nothing and finds nothing', async () => {
    const md = fake(() => feed())
    expect(await connector(md.origin).search('!!!', 5)).toEqual([])
    expect(md.received).toHaveLength(0)
  })

  test('maps items: the whole HTML body as text, id from the guid, tracking query dropped, writer page as profile', async () => {
    const body = `<h3>Why</h3><p>${longText()}</p><p>Tom &amp; Jerry&#8217;s CRM</p>${HTML_BODIES.feed.html}`
    const md = fake(() => feed(item(2, `<content:encoded><![CDATA[${body}]]></content:encoded>`)))
    const [m] = await connector(md.origin).search('crm', 10)
    expect(m).toEqual({
      id: 'medium:2a2b3c',
      author: 'Jane Doe',
      platform: 'medium',
      content: `Why we chose a CRM #2\n\nWhy\n\n${longText().trim()}\n\nTom & Jerry’s CRM\n\n${HTML_BODIES.feed.text}`,
      // docs/platforms.md#as-sent: the raw search's text, the title and content:encoded as the feed holds them.
      [AS_SENT]: ['Why we chose a CRM #2', body],
      url: 'https://medium.com/@jane/why-we-chose-a-crm-2a2b3c',
      profileUrl: 'https://medium.com/@jane',
      date: '2026-03-02T12:00:00.000Z',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
    expect(m.content.length).toBeGreaterThan(6000)
  })

  test('a tag feed with only a preview in <description> gives the preview: the feed escaping undone, then its HTML as text', async () => {
    const md = fake(() =>
      feed(item(1, '<description>&lt;p&gt;A preview &amp;amp; more&#8230;&lt;/p&gt;</description>')),
    )
    const [m] = await connector(md.origin).search('crm', 10)
    expect(m.content).toBe('Why we chose a CRM #1\n\nA preview & more…')
    expect(m[AS_SENT]).toEqual(['Why we chose a CRM #1', '<p>A preview &amp; more…</p>'])
  })

  // docs/platforms.md#medium-substack-and-news: a writer's profile is medium.com/@handle or handle.medium.com; a
  // publication's page or own domain is no one's profile.
  test('publication and subdomain stories: no profile in a publication, the writer host on a subdomain; no creator → handle or unknown', async () => {
    const pub = `<item><title>In a publication</title><link>https://medium.com/better-programming/crm-tips-99aa?source=rss</link>
      <guid isPermaLink="false">https://medium.com/p/99aa</guid><pubDate>Sun, 01 Mar 2026 08:00:00 GMT</pubDate></item>`
    const sub = `<item><title>On a subdomain</title><link>https://jane.medium.com/crm-notes-77bb</link>
      <guid isPermaLink="false">https://medium.com/p/77bb</guid><dc:creator>Jane</dc:creator><pubDate>Sun, 01 Mar 2026 09:00:00 +0100</pubDate></item>`
    const handle = `<item><title>By handle</title><link>https://medium.com/@bob/x-55cc</link>
      <guid>https://medium.com/p/55cc</guid><pubDate>Sat, 28 Feb 2026 09:00:00 GMT</pubDate></item>`
    const md = fake(() => feed(pub, sub, handle))
    const mentions = await connector(md.origin).search('crm', 10)
    expect(mentions.map((m) => [m.id, m.author, m.profileUrl, m.content, m.date])).toEqual([
      ['medium:99aa', 'unknown', '', 'In a publication', '2026-03-01T08:00:00.000Z'],
      ['medium:77bb', 'Jane', 'https://jane.medium.com', 'On a subdomain', '2026-03-01T08:00:00.000Z'],
      ['medium:55cc', '@bob', 'https://medium.com/@bob', 'By handle', '2026-02-28T09:00:00.000Z'],
    ])
  })

  test("a publication's own domain is not the writer's profile", async () => {
    const own = `<item><title>On its own domain</title><link>https://levelup.example.com/crm-story-66dd?source=rss</link>
      <guid isPermaLink="false">https://medium.com/p/66dd</guid><dc:creator>Ann Lee</dc:creator>
      <pubDate>Sun, 01 Mar 2026 08:00:00 GMT</pubDate></item>`
    const md = fake(() => feed(own))
    const [m] = await connector(md.origin).search('crm', 10)
    expect([m.author, m.profileUrl]).toEqual(['Ann Lee', ''])
  })

  test('a feed is one page: returns at most limit items, newest first, from a single request', async () => {
    const md = fake(() => feed(item(1), item(3), item(2), item(5), item(4)))
    const mentions = await connector(md.origin).search('crm', 3)
    expect(md.received).toHaveLength(1)
    expect(mentions.map((m) => m.id)).toEqual(['medium:5a2b3c', 'medium:4a2b3c', 'medium:3a2b3c'])
    const all = await connector(md.origin).search('crm', 50)
    expect(all).toHaveLength(5)
  })

  test('a feed with one item still gives a list', async () => {
    const md = fake(() => feed(item(1)))
    expect((await connector(md.origin).search('crm', 10)).map((m) => m.id)).toEqual(['medium:1a2b3c'])
  })

  test('skips and logs a malformed item (no link, unreadable date)', async () => {
    const lines: string[] = []
    const broken = '<item><title>No link</title><pubDate>Sun, 01 Mar 2026 12:00:00 GMT</pubDate></item>'
    const badDate =
      '<item><title>Bad date</title><link>https://medium.com/@a/b-1</link><pubDate>someday</pubDate></item>'
    const md = fake(() => feed(broken, badDate, item(2)))
    const mentions = await connector(md.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['medium:2a2b3c'])
    expect(lines.filter((l) => JSON.parse(l).event === 'platform_item_skipped')).toHaveLength(2)
  })

  test('an HTML page (a challenge or an error page) instead of a feed is an upstream_error', async () => {
    const md = fake(
      () =>
        new Response('<!DOCTYPE html><html><body>Just a moment...</body></html>', {
          headers: { 'content-type': 'text/html' },
        }),
    )
    await expect(connector(md.origin).search('crm', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
      message: 'medium sent something that is not an RSS or Atom feed',
    })
  })

  test('an error status is an upstream_error, a slow answer an upstream_timeout', async () => {
    const down = fake(() => new Response('Internal Server Error', { status: 500 }))
    await expect(connector(down.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
    const slow = fake(async () => {
      await Bun.sleep(400)
      return feed()
    })
    await expect(
      connector(slow.origin, { LEAD_SIGNALS_PLATFORMS_MEDIUM_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
