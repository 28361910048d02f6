import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createDevtoConnector, FOREM_PACE } from '../../src/platforms/devto/connector'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'
import { HTML_BODIES } from '../support/html-bodies'
import { foremRateLimiter } from '../support/platform-rules'
import { AS_SENT } from '../../src/mention'

// A fake DEV: /search/feed_content answers `{ result: [...] }` as Forem's Homepage::ArticleSerializer shapes it
// (no body), and /api/articles/{id} answers the v1 article with body_markdown and body_html.
const startFake = fakesPerTest()

const hit = (n: number, extra: Record<string, unknown> = {}) => ({
  class_name: 'Article',
  cloudinary_video_url: null,
  comments_count: 3,
  id: 2300000 + n,
  path: `/jane/why-we-moved-to-acme-${n}`,
  public_reactions_count: 25,
  readable_publish_date: 'Mar 1',
  reading_time: 4,
  title: `Why we moved to Acme ${n}`,
  user_id: 77,
  public_reaction_categories: [],
  video_duration_string: null,
  published_at_int: 1772366400 - n * 60,
  tag_list: ['saas'],
  flare_tag: null,
  user: { name: 'Jane Doe', profile_image_90: 'https://media.dev.to/jane.png', username: 'jane' },
  ...extra,
})
const article = (id: number, extra: Record<string, unknown> = {}) => ({
  type_of: 'article',
  id,
  title: 'Why we moved to Acme',
  description: 'A short story',
  url: `https://dev.to/jane/why-we-moved-to-acme-${id - 2300000}`,
  path: `/jane/why-we-moved-to-acme-${id - 2300000}`,
  comments_count: 3,
  public_reactions_count: 25,
  published_at: '2026-03-01T12:00:00Z',
  body_html: `<p>Body of ${id}</p>`,
  body_markdown: `Body of **${id}**`,
  user: { name: 'Jane Doe', username: 'jane' },
  ...extra,
})

type Site = {
  search?: (req: Received) => Response | Promise<Response>
  article?: (id: number, req: Received) => Response | Promise<Response>
}
function fakeDev(site: Site) {
  const f = startFake(async (req) => {
    if (req.url.pathname === '/search/feed_content')
      return site.search ? site.search(req) : Response.json({ result: [] })
    const m = /^\/api\/articles\/(\d+)$/.exec(req.url.pathname)
    if (m) return site.article ? site.article(Number(m[1]), req) : Response.json(article(Number(m[1])))
    return new Response('not found', { status: 404 })
  })
  return {
    ...f,
    searches: () => f.received.filter((r) => r.url.pathname === '/search/feed_content'),
    details: () => f.received.filter((r) => r.url.pathname.startsWith('/api/')),
  }
}

// Tests about what is asked and read need no pacing; the pacing test below runs at Forem's own pace.
const UNPACED = { requests: 1000, windowMs: 1000 }
const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = [], pace = UNPACED) =>
  createDevtoConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_DEVTO_BASE_URL: origin, ...env } }).platforms.devto,
    createLogger((l) => lines.push(l)),
    pace,
  )

describe('devto connector against a fake DEV', () => {
  test('searches articles newest first on feed_content, then reads each article from the v1 API with the api-key', async () => {
    const dev = fakeDev({ search: () => Response.json({ result: [hit(1)] }) })
    await connector(dev.origin, { LEAD_SIGNALS_PLATFORMS_DEVTO_API_KEY: 'devkey' }).search('crm tool', 7)
    const [search] = dev.searches()
    expect(search.method).toBe('GET')
    expect(Object.fromEntries(search.url.searchParams)).toEqual({
      class_name: 'Article',
      search_fields: 'crm tool',
      sort_by: 'published_at',
      sort_direction: 'desc',
      per_page: '7',
      page: '0',
    })
    expect(search.headers.has('api-key')).toBe(false)
    expect(search.headers.get('user-agent')).toContain('lead-signals')
    const [detail] = dev.details()
    expect(detail.method).toBe('GET')
    expect(detail.url.pathname).toBe('/api/articles/2300001')
    expect(detail.headers.get('accept')).toBe('application/vnd.forem.api-v1+json')
    expect(detail.headers.get('api-key')).toBe('devkey')
    expect(detail.headers.get('user-agent')).toContain('lead-signals')
  })

  test('sends no api-key when none is configured', async () => {
    const dev = fakeDev({ search: () => Response.json({ result: [hit(1)] }) })
    await connector(dev.origin).search('crm', 5)
    expect(dev.details()[0].headers.has('api-key')).toBe(false)
  })

  test('maps an article with its rendered HTML as text, or its Markdown without HTML, and falls back where fields are missing', async () => {
    const dev = fakeDev({
      search: () =>
        Response.json({
          result: [
            hit(1),
            hit(2, { comments_count: null, public_reactions_count: undefined }),
            hit(3, { title: 'Acme &amp; us' }),
          ],
        }),
      article: (id) =>
        Response.json(
          id === 2300001
            ? article(id, { body_html: `<p>${longText()}</p>${HTML_BODIES.devto.html}` })
            : id === 2300002
              ? article(id, { body_html: null, body_markdown: null, url: null })
              : article(id, { body_html: null, body_markdown: 'Plain **Markdown** <br>with HTML &amp; more' }),
        ),
    })
    const mentions = await connector(dev.origin).search('crm', 10)
    expect(mentions[0]).toEqual({
      id: 'devto:2300001',
      author: 'jane',
      platform: 'devto',
      title: 'Why we moved to Acme 1',
      content: `Why we moved to Acme 1\n\n${longText().trim()}\n\n${HTML_BODIES.devto.text}`,
      // docs/platforms.md#as-sent: the raw search's text, the title and body_html as sent.
      [AS_SENT]: ['Why we moved to Acme 1', `<p>${longText()}</p>${HTML_BODIES.devto.html}`],
      url: 'https://dev.to/jane/why-we-moved-to-acme-1',
      profileUrl: `${dev.origin}/jane`,
      date: new Date((1772366400 - 60) * 1000).toISOString(),
      engagement: { likes: 25, comments: 3, shares: 0 },
    })
    expect(mentions[1]).toMatchObject({
      content: 'Why we moved to Acme 2',
      url: `${dev.origin}/jane/why-we-moved-to-acme-2`,
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
    expect(mentions[2].content).toBe('Acme & us\n\nPlain **Markdown**\nwith HTML & more')
    expect(mentions[2][AS_SENT]).toEqual(['Acme &amp; us', 'Plain **Markdown** <br>with HTML &amp; more'])
  })

  // A search is charged its search pages (one per 100) before it is sent and reads no page more
  // (docs/platforms.md#budgets): malformed results on a page end it with fewer than `limit`; a larger limit reads on.
  test('malformed results on page 0: page 1 is read only within the pages the search was charged', async () => {
    const dev = fakeDev({
      search: ({ url }) => {
        const page = Number(url.searchParams.get('page'))
        const per = Number(url.searchParams.get('per_page'))
        const result: unknown[] = Array.from({ length: per }, (_, i) => hit(page * per + i + 1))
        if (page === 0) result[5] = { id: 'x', title: 1 }
        return Response.json({ result })
      },
    })
    expect(await connector(dev.origin).search('crm', 50)).toHaveLength(49)
    expect(dev.searches()).toHaveLength(1)
    expect(dev.details()).toHaveLength(49)
    const mentions = await connector(dev.origin).search('crm', 150)
    // The first search's page 0, then this one's pages 0 and 1.
    expect(dev.searches().map((r) => r.url.searchParams.get('page'))).toEqual(['0', '0', '1'])
    expect(mentions).toHaveLength(150)
    expect(mentions.at(-1)!.id).toBe('devto:2300151')
    expect(dev.details()).toHaveLength(49 + 150)
  })

  test('stops after a short page: DEV has no more', async () => {
    const dev = fakeDev({ search: () => Response.json({ result: [hit(1), hit(2)] }) })
    const mentions = await connector(dev.origin).search('crm', 50)
    expect(dev.searches()).toHaveLength(1)
    expect(mentions).toHaveLength(2)
  })

  test("paces every request within Forem's 3 a second: a limiter answering 429 beyond that refuses none", async () => {
    const forem = foremRateLimiter(3)
    const dev = fakeDev({
      search: () => forem.check() ?? Response.json({ result: Array.from({ length: 5 }, (_, i) => hit(i + 1)) }),
      article: (id) => forem.check() ?? Response.json(article(id)),
    })
    const started = performance.now()
    const mentions = await connector(dev.origin, {}, [], FOREM_PACE).search('crm', 5)
    expect(forem.refused).toBe(0)
    expect(forem.served).toBe(6)
    expect(mentions.map((m) => m.content)).toEqual(
      mentions.map((_, i) => `Why we moved to Acme ${i + 1}\n\nBody of ${2300001 + i}`),
    )
    // Six requests at three per 1.1 s: the last one waits for the second window.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000)
  })

  test('without pacing the same limiter refuses some article reads, and those results are kept without their text', async () => {
    const lines: string[] = []
    const forem = foremRateLimiter(3)
    const dev = fakeDev({
      search: () => forem.check() ?? Response.json({ result: Array.from({ length: 5 }, (_, i) => hit(i + 1)) }),
      article: (id) => forem.check() ?? Response.json(article(id)),
    })
    const mentions = await connector(dev.origin, {}, lines).search('crm', 5)
    expect(forem.refused).toBeGreaterThan(0)
    expect(mentions).toHaveLength(5)
    const titleOnly = mentions.filter((m) => !m.content.includes('Body of'))
    expect(titleOnly.length).toBe(forem.refused)
    expect(lines.filter((l) => JSON.parse(l).event === 'platform_item_partial')).toHaveLength(forem.refused)
  })

  test('an article whose text cannot be read is kept with its title and logged', async () => {
    const lines: string[] = []
    const dev = fakeDev({
      search: () => Response.json({ result: [hit(1), hit(2), hit(3)] }),
      article: (id) =>
        id === 2300002
          ? Response.json({ error: 'not found', status: 404 }, { status: 404 })
          : Response.json(article(id)),
    })
    const mentions = await connector(dev.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['devto:2300001', 'devto:2300002', 'devto:2300003'])
    expect(mentions[1].content).toBe('Why we moved to Acme 2')
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_partial')).toBe(true)
  })

  test('skips and logs a malformed search result', async () => {
    const lines: string[] = []
    const dev = fakeDev({ search: () => Response.json({ result: [{ id: 1, user: null }, hit(2)] }) })
    const mentions = await connector(dev.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['devto:2300002'])
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(true)
  })

  test('a search answer without a result list is an upstream_error, and so is an error status', async () => {
    const a = fakeDev({ search: () => Response.json({ articles: [] }) })
    await expect(connector(a.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
    const b = fakeDev({ search: () => new Response('oops', { status: 500 }) })
    await expect(connector(b.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
  })

  test('a slow answer is an upstream_timeout', async () => {
    const dev = fakeDev({
      search: async () => {
        await Bun.sleep(400)
        return Response.json({ result: [] })
      },
    })
    await expect(
      connector(dev.origin, { LEAD_SIGNALS_PLATFORMS_DEVTO_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
