import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createHackernewsConnector } from '../../src/platforms/hackernews/connector'
import { createLogger } from '../../src/lib/log'
import { longText } from '../support/fake-upstream'
import { HTML_BODIES } from '../support/html-bodies'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { AS_SENT } from '../../src/mention'

// A fake Algolia HN Search that answers in the documented search_by_date shape and records each request.
const requests: URL[] = []
const userAgents: string[] = []
let hits: unknown[] = []
let server: ReturnType<typeof Bun.serve>
beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      const url = new URL(req.url)
      requests.push(url)
      userAgents.push(req.headers.get('user-agent') ?? '')
      if (url.pathname !== '/api/v1/search_by_date') return new Response('not found', { status: 404 })
      return Response.json({
        hits,
        nbHits: hits.length,
        page: 0,
        nbPages: 1,
        hitsPerPage: Number(url.searchParams.get('hitsPerPage')),
      })
    },
  })
})
afterAll(() => server.stop(true))

const story = {
  objectID: '40000001',
  author: 'pg',
  title: 'Ask HN: Which CRM do you use?',
  url: null,
  story_text: '<p>We are a 5-person team &amp; need a CRM.</p>',
  comment_text: null,
  created_at: '2026-03-01T12:00:00.000Z',
  created_at_i: 1772366400,
  points: 120,
  num_comments: 45,
  _tags: ['story', 'author_pg', 'story_40000001'],
}
const comment = {
  objectID: '40000002',
  author: 'dang',
  title: null,
  story_text: null,
  comment_text: 'Try a spreadsheet first.',
  story_id: 40000001,
  parent_id: 40000001,
  created_at: '2026-03-01T13:30:00Z',
  points: null,
  num_comments: null,
  _tags: ['comment'],
}

const connector = (base: string, logLines: string[] = []) =>
  createHackernewsConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_HACKERNEWS_BASE_URL: base } }).platforms.hackernews,
    createLogger((l) => logLines.push(l)),
  )

describe('hackernews connector against a fake Algolia server', () => {
  test('sends the keyword, story+comment tags and the limit to search_by_date', async () => {
    hits = []
    requests.length = 0
    await connector(server.url.origin).search('crm tool', 7)
    expect(requests).toHaveLength(1)
    expect(requests[0].pathname).toBe('/api/v1/search_by_date')
    expect(Object.fromEntries(requests[0].searchParams)).toEqual({
      query: 'crm tool',
      tags: '(story,comment)',
      advancedSyntax: 'true',
      hitsPerPage: '7',
    })
    expect(userAgents.at(-1)).toContain('lead-signals')
  })

  test('a keyword query: phrases and exclusions in the query, author and type as tags (docs/queries.md#per-platform)', async () => {
    requests.length = 0
    await connector(server.url.origin).search('"sales pipeline" (crm OR erp) -hubspot author:pg type:post', 5)
    expect(requests[0].searchParams.get('query')).toBe('"sales pipeline" -hubspot')
    expect(requests[0].searchParams.get('tags')).toBe('story,author_pg')
  })

  test('a long comment comes back whole', async () => {
    const text = longText(12_000)
    hits = [{ ...comment, comment_text: text }]
    const [m] = await connector(server.url.origin).search('crm', 5)
    expect(m.content).toBe(text)
    expect(m.content.length).toBe(12_000)
  })

  test('normalises stories and comments to mentions, their HTML as plain text', async () => {
    hits = [story, { ...comment, comment_text: HTML_BODIES.hackernews.html }]
    const mentions = await connector(server.url.origin).search('crm', 20)
    expect(mentions).toEqual([
      {
        id: 'hackernews:40000001',
        author: 'pg',
        platform: 'hackernews',
        title: 'Ask HN: Which CRM do you use?',
        content: 'Ask HN: Which CRM do you use?\n\nWe are a 5-person team & need a CRM.',
        // docs/platforms.md#as-sent: the raw search's text, the title and story_text as sent.
        [AS_SENT]: [story.title, story.story_text],
        url: 'https://news.ycombinator.com/item?id=40000001',
        profileUrl: 'https://news.ycombinator.com/user?id=pg',
        date: '2026-03-01T12:00:00.000Z',
        engagement: { likes: 120, comments: 45, shares: 0 },
      },
      {
        id: 'hackernews:40000002',
        author: 'dang',
        platform: 'hackernews',
        kind: 'comment',
        content: HTML_BODIES.hackernews.text,
        [AS_SENT]: HTML_BODIES.hackernews.html,
        url: 'https://news.ycombinator.com/item?id=40000002',
        profileUrl: 'https://news.ycombinator.com/user?id=dang',
        date: '2026-03-01T13:30:00.000Z',
        engagement: { likes: 0, comments: 0, shares: 0 },
      },
    ])
  })

  // HN gives titles as HTML (github.com/HackerNews/API, Items: "title … HTML"), and Algolia's index passes them on.
  test("a story's title is read as HTML: its entities decoded once, in title and content", async () => {
    hits = [{ ...story, title: 'Ask HN: &lt;b&gt; CRM &amp; ERP &#x27;in one&#x27;? &amp;lt;', story_text: null }]
    const [m] = await connector(server.url.origin).search('crm', 5)
    expect(m.title).toBe("Ask HN: <b> CRM & ERP 'in one'? &lt;")
    expect(m.content).toBe("Ask HN: <b> CRM & ERP 'in one'? &lt;")
  })

  test('skips and logs a malformed item instead of failing the search', async () => {
    hits = [{ objectID: 5, author: null }, comment]
    const lines: string[] = []
    const mentions = await connector(server.url.origin, lines).search('crm', 20)
    expect(mentions.map((m) => m.id)).toEqual(['hackernews:40000002'])
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(true)
  })

  test('a response without a hits list is an upstream_error', async () => {
    const odd = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => Response.json({ results: [] }) })
    try {
      await expect(connector(odd.url.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
    } finally {
      odd.stop(true)
    }
  })

  test('POST /api/v1/mentions/search returns the raw variant from the fake server, without what the query does not match, and charges one request', async () => {
    hits = [story, comment]
    const { deps } = await testDeps({ config: { platforms: { hackernews: { base_url: server.url.origin } } } })
    const { apiKey } = await seedTeam(deps)
    const r = await client(deps)('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: '  crm  ', platform: 'hackernews', limit: 2 },
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      keyword: 'crm',
      platform: 'hackernews',
      count: 1,
      usage: { used: 1, limit: 500, remaining: 499 },
    })
    // The comment does not say "crm": Algolia's own matching is looser than the query's (docs/queries.md#matching).
    expect(r.body.mentions.map((m: { id: string }) => m.id)).toEqual(['hackernews:40000001'])
    expect(Object.keys(r.body.mentions[0])).not.toContain('title')
  })
})
