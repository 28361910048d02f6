import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createSubstackConnector } from '../../src/platforms/substack/connector'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { HTML_BODIES } from '../support/html-bodies'
import { AS_SENT } from '../../src/mention'

// A fake substack.com answering /api/v1/top/search: { items: [post | comment | profileSearchResults], nextCursor }.
const fake = fakesPerTest()
const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createSubstackConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_SUBSTACK_BASE_URL: origin, ...env } }).platforms.substack,
    createLogger((l) => lines.push(l)),
  )

const day = (n: number) => new Date(Date.UTC(2026, 2, 1) + n * 3_600_000).toISOString()
const post = (n: number, extra: Record<string, unknown> = {}, around: Record<string, unknown> = {}) => ({
  type: 'post',
  post: {
    id: 150000000 + n,
    title: `Pricing lessons for a CRM #${n}`,
    subtitle: 'What we got wrong',
    description: 'What we got wrong',
    truncated_body_text: `We sold our CRM too cheaply (${n}).`,
    slug: `pricing-lessons-${n}`,
    type: 'newsletter',
    audience: 'everyone',
    canonical_url: `https://jane.substack.com/p/pricing-lessons-${n}`,
    post_date: day(n),
    reaction_count: 40,
    comment_count: 6,
    restacks: 3,
    wordcount: 1200,
    publishedBylines: [{ id: 1, name: 'Jane Byline', handle: 'janeb' }],
    ...extra,
  },
  publication: { id: 7, name: "Jane's Notes", subdomain: 'jane', custom_domain: null },
  context: { users: [{ id: 1, name: 'Jane Doe', handle: 'janedoe' }], timestamp: day(n) },
  ...around,
})
const note = { type: 'comment', comment: { id: 9, body: 'a Note about a CRM', handle: 'bob', date: day(1) } }
const profiles = {
  type: 'profileSearchResults',
  results: [{ id: 3, name: 'CRM Weekly', primaryPublication: { subdomain: 'crm' } }],
}
const answer = (items: unknown[], nextCursor: string | null = null) => Response.json({ items, nextCursor })

describe('substack connector against a fake top/search', () => {
  test('GETs /api/v1/top/search with the query and no cursor on the first page', async () => {
    const sb = fake(() => answer([]))
    await connector(sb.origin).search('crm pricing', 10)
    expect(sb.received).toHaveLength(1)
    const [req] = sb.received
    expect(req.method).toBe('GET')
    expect(req.url.pathname).toBe('/api/v1/top/search')
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ query: 'crm pricing' })
    expect(req.headers.get('accept')).toBe('application/json')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
  })

  test('maps a post: title, subtitle, the HTML body as text; reactions/comments/restacks; the searched user as author and profile', async () => {
    const body = `<p>${longText()}</p>${HTML_BODIES.feed.html}`
    const sb = fake(() => answer([post(1, { body_html: body })]))
    expect(await connector(sb.origin).search('crm', 10)).toEqual([
      {
        id: 'substack:150000001',
        author: 'Jane Doe',
        platform: 'substack',
        content: `Pricing lessons for a CRM #1\n\nWhat we got wrong\n\n${longText().trim()}\n\n${HTML_BODIES.feed.text}`,
        // docs/platforms.md#as-sent: the raw search's text, each field as sent.
        [AS_SENT]: ['Pricing lessons for a CRM #1', 'What we got wrong', body],
        url: 'https://jane.substack.com/p/pricing-lessons-1',
        profileUrl: 'https://substack.com/@janedoe',
        date: day(1),
        engagement: { likes: 40, comments: 6, shares: 3 },
      },
    ])
  })

  test('without body_html the plain-text opening is the body; without people the publication names the author', async () => {
    const sb = fake(() =>
      answer([
        post(1, { subtitle: null, reaction_count: undefined, comment_count: null, restacks: undefined }),
        post(2, { publishedBylines: [] }, { context: null }),
        post(3, {}, { context: { users: [] } }),
      ]),
    )
    const [c, b, a] = await connector(sb.origin).search('crm', 10)
    expect(a.content).toBe('Pricing lessons for a CRM #1\n\nWhat we got wrong\n\nWe sold our CRM too cheaply (1).')
    expect(a.engagement).toEqual({ likes: 0, comments: 0, shares: 0 })
    expect([b.author, b.profileUrl]).toEqual(["Jane's Notes", 'https://jane.substack.com'])
    expect([c.author, c.profileUrl]).toEqual(['Jane Byline', 'https://substack.com/@janeb'])
  })

  // docs/platforms.md#medium-substack-and-news: the publication's home page is the profile of the publication as
  // author only, never of a writer without a handle nor of 'unknown'.
  test("a writer without a handle, or no one named, keeps no profile: the publication's page is not theirs", async () => {
    const sb = fake(() =>
      answer([
        post(1, { publishedBylines: [{ id: 4, name: 'No Handle' }] }, { context: null }),
        post(2, { publishedBylines: [] }, { context: null, publication: null }),
      ]),
    )
    const [b, a] = await connector(sb.origin).search('crm', 10)
    expect([a.author, a.profileUrl]).toEqual(['No Handle', ''])
    expect([b.author, b.profileUrl]).toEqual(['unknown', ''])
  })

  test('passes over Notes and profiles without logging them, and drops posts that lack a keyword word', async () => {
    const lines: string[] = []
    const offTopic = post(2, {
      title: 'Trading recap',
      subtitle: 'Markets',
      description: 'Markets',
      truncated_body_text: 'Stocks went up.',
    })
    const sb = fake(() =>
      answer([
        note,
        profiles,
        post(1),
        offTopic,
        post(3, { title: 'Why PRICING matters', truncated_body_text: 'crm' }),
      ]),
    )
    const mentions = await connector(sb.origin, {}, lines).search('CRM pricing', 10)
    expect(mentions.map((m) => m.id)).toEqual(['substack:150000003', 'substack:150000001'])
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(false)
  })

  test('follows nextCursor until limit: limit 50 stops at exactly 50, newest first', async () => {
    const sb = fake(({ url }) => {
      const p = Number(url.searchParams.get('cursor') ?? 0)
      // 20 posts a page, in relevance (not date) order, plus a Note.
      const items = Array.from({ length: 20 }, (_, i) => post(p * 20 + ((i * 7) % 20) + 1))
      return answer([...items, note], `${p + 1}`)
    })
    const mentions = await connector(sb.origin).search('crm', 50)
    expect(sb.received.map((r) => r.url.searchParams.get('cursor'))).toEqual([null, '1', '2'])
    expect(mentions).toHaveLength(50)
    const dates = mentions.map((m) => m.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(new Set(mentions.map((m) => m.id)).size).toBe(50)
  })

  test('stops without a nextCursor, and after 4 pages', async () => {
    const one = fake(() => answer([post(1), post(1)]))
    expect(await connector(one.origin).search('crm', 50)).toHaveLength(1)
    expect(one.received).toHaveLength(1)
    let n = 0
    const endless = fake(() => answer([post(++n)], `after-${n}`))
    expect(await connector(endless.origin).search('crm', 50)).toHaveLength(4)
    expect(endless.received.map((r) => r.url.searchParams.get('cursor'))).toEqual([
      null,
      'after-1',
      'after-2',
      'after-3',
    ])
  })

  test('the cursor goes back as cursor and searchCursor; a search that ignores both ends after one repeated page', async () => {
    // Which name Substack reads is undocumented: public clients use cursor (jakub-k-slys/substack-api) or searchCursor.
    const honours = fake(({ url }) => {
      const p = Number(url.searchParams.get('searchCursor') ?? 0)
      return answer([post(p * 2 + 1), post(p * 2 + 2)], `${p + 1}`)
    })
    expect(await connector(honours.origin).search('crm', 6)).toHaveLength(6)
    expect(
      honours.received.map((r) => [r.url.searchParams.get('cursor'), r.url.searchParams.get('searchCursor')]),
    ).toEqual([
      [null, null],
      ['1', '1'],
      ['2', '2'],
    ])
    // A search that ignores the cursor gives the first page again: the second request shows it, a third is not sent.
    const lines: string[] = []
    const ignores = fake(() => answer([post(1), post(2), note], 'next'))
    expect(await connector(ignores.origin, {}, lines).search('crm', 50)).toHaveLength(2)
    expect(ignores.received).toHaveLength(2)
    expect(lines.some((l) => JSON.parse(l).event === 'platform_page_repeated')).toBe(true)
  })

  test('a rate-limit answer after the first page keeps what was found; on the first page it is an upstream_error', async () => {
    const lines: string[] = []
    const later = fake(({ url }) =>
      url.searchParams.get('cursor') ? new Response('slow down', { status: 429 }) : answer([post(1)], 'c1'),
    )
    expect((await connector(later.origin, {}, lines).search('crm', 50)).map((m) => m.id)).toEqual([
      'substack:150000001',
    ])
    expect(lines.some((l) => JSON.parse(l).event === 'platform_page_failed')).toBe(true)
    const first = fake(() => new Response('slow down', { status: 429, headers: { 'retry-after': '30' } }))
    await expect(connector(first.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
  })

  test('a 429 after the first page keeps what was found, and the next search waits for its Retry-After, unsent', async () => {
    const later = fake(({ url }) =>
      url.searchParams.get('cursor')
        ? new Response('slow down', { status: 429, headers: { 'retry-after': '120' } })
        : answer([post(1)], 'c1'),
    )
    const c = connector(later.origin)
    expect((await c.search('crm', 50)).map((m) => m.id)).toEqual(['substack:150000001'])
    expect(later.received).toHaveLength(2)
    const err = await c.search('pricing', 50).catch((e) => e)
    expect(err).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(err.extra.retryAfterSec).toBeGreaterThan(110)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(120)
    expect(err.message).toBe(
      `substack answered 429 (rate limited): wait ${err.extra.retryAfterSec} s before searching again`,
    )
    // Nothing was sent for the refused search.
    expect(later.received).toHaveLength(2)
  })

  test('a malformed post is skipped and logged; an answer without items is an upstream_error', async () => {
    const lines: string[] = []
    const sb = fake(() =>
      answer([{ type: 'post', post: { id: 1, title: 'CRM' } }, post(2, { post_date: 'soon' }), post(3)]),
    )
    expect((await connector(sb.origin, {}, lines).search('crm', 10)).map((m) => m.id)).toEqual(['substack:150000003'])
    expect(lines.filter((l) => JSON.parse(l).event === 'platform_item_skipped')).toHaveLength(2)
    await expect(connector(fake(() => Response.json({ results: [] })).origin).search('crm', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
    })
  })

  test('a slow answer is an upstream_timeout', async () => {
    const slow = fake(async () => {
      await Bun.sleep(400)
      return answer([])
    })
    await expect(
      connector(slow.origin, { LEAD_SIGNALS_PLATFORMS_SUBSTACK_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
