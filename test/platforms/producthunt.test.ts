import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createProducthuntConnector, LAUNCHES_FRESH_MS } from '../../src/platforms/producthunt/connector'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'
import { productHuntTracked } from '../support/platform-rules'
import { AS_SENT } from '../../src/mention'

// A fake Product Hunt API v2 answering POST /v2/api/graphql with the posts connection (edges/node, pageInfo).
const fake = fakesPerTest()
const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = [], now?: () => number) =>
  createProducthuntConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_PRODUCTHUNT_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_PRODUCTHUNT_TOKEN: 'ph_dev_token',
        ...env,
      },
    }).platforms.producthunt,
    createLogger((l) => lines.push(l)),
    now,
  )

const REDACTED = { name: '[REDACTED]', username: '[REDACTED]', url: '[REDACTED]' }
const post = (n: number, extra: Record<string, unknown> = {}) => ({
  id: String(900000 + n),
  name: `Acme ${n}`,
  tagline: 'CRM for indie teams',
  description: `Track every deal (${n}).`,
  url: `https://www.producthunt.com/posts/acme-${n}`,
  website: `https://www.producthunt.com/r/ACME${n}`,
  slug: `acme-${n}`,
  createdAt: '2026-03-01T08:01:00Z',
  votesCount: 210,
  commentsCount: 34,
  user: REDACTED,
  ...extra,
})
const other = (n: number) =>
  post(n, { name: `Widget ${n}`, tagline: 'Photos, but faster', description: 'Nothing to see.' })
const answer = (nodes: unknown[], endCursor: string | null, hasNextPage: boolean) =>
  Response.json({
    data: { posts: { pageInfo: { endCursor, hasNextPage }, edges: nodes.map((node) => ({ cursor: 'x', node })) } },
  })
const body = (r: Received) =>
  JSON.parse(r.body) as { query: string; variables: { first: number; after: string | null } }

/**
 * Product Hunt's complexity budget (api.producthunt.com/v2/docs/rate_limits/headers): `points` left, each page costs
 * 250, and on every answer X-Rate-Limit-Limit, -Remaining and -Reset (`resetSec`, seconds until the window resets);
 * a page that needs more points than remain is refused with 429 until then. Page n holds one launch, post(250 × n).
 */
function fakeWithPoints(points: number, resetSec: number) {
  let remaining = points
  return fake(() => {
    const refused = remaining < 250
    if (!refused) remaining -= 250
    const headers = {
      'x-rate-limit-limit': '6250',
      'x-rate-limit-remaining': String(remaining),
      'x-rate-limit-reset': String(resetSec),
    }
    if (refused) return Response.json({ errors: [{ error: 'rate_limit_reached' }] }, { status: 429, headers })
    const n = points - remaining
    return Response.json(
      { data: { posts: { pageInfo: { endCursor: `c${n}`, hasNextPage: true }, edges: [{ node: post(n) }] } } },
      { headers },
    )
  })
}

describe('producthunt connector against a fake GraphQL API', () => {
  test('POSTs the newest-posts query as JSON with the bearer token, 20 a page, no cursor at first', async () => {
    const ph = fake(() => answer([], null, false))
    await connector(ph.origin).search('crm', 5)
    expect(ph.received).toHaveLength(1)
    const [req] = ph.received
    expect(req.method).toBe('POST')
    expect(req.url.pathname).toBe('/v2/api/graphql')
    expect(req.headers.get('authorization')).toBe('Bearer ph_dev_token')
    expect(req.headers.get('content-type')).toBe('application/json')
    expect(req.headers.get('accept')).toBe('application/json')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
    const { query, variables } = body(req)
    expect(variables).toEqual({ first: 20, after: null })
    expect(query).toContain('posts(order: NEWEST, first: $first, after: $after)')
    for (const field of [
      'id',
      'name',
      'tagline',
      'description',
      'url',
      'createdAt',
      'votesCount',
      'commentsCount',
      'user { name username url }',
      'pageInfo { endCursor hasNextPage }',
    ]) {
      expect(query).toContain(field)
    }
  })

  test('keeps only posts matching every keyword word in name, tagline or description, case-insensitively', async () => {
    const ph = fake(() =>
      answer(
        [post(1), other(2), post(3, { tagline: 'Sales pipeline', description: 'A crm TOOL for two' }), other(4)],
        null,
        false,
      ),
    )
    const mentions = await connector(ph.origin).search('CRM tool', 10)
    expect(mentions.map((m) => m.id)).toEqual(['producthunt:900003'])
  })

  test('maps a post: name, tagline and whole description; votes as likes; redacted hunter → unknown with no profile', async () => {
    const description = longText()
    const ph = fake(() => answer([post(1, { description: `${description}<br>` })], null, false))
    const [m] = await connector(ph.origin).search('crm', 10)
    expect(m).toEqual({
      id: 'producthunt:900001',
      author: 'unknown',
      // A stand-in, no one's name: it makes no person (docs/people.md#who-is-a-person).
      authorKnown: false,
      platform: 'producthunt',
      content: `Acme 1\n\nCRM for indie teams\n\n${description.trim()}`,
      // docs/platforms.md#as-sent: the raw search's text, each field as sent.
      [AS_SENT]: ['Acme 1', 'CRM for indie teams', `${description}<br>`],
      url: 'https://www.producthunt.com/posts/acme-1',
      // The hunter's profile is what the post's user gives; redacted, there is none: the product's site or the post's
      // own page is no one's profile (docs/platforms.md#producthunt).
      profileUrl: '',
      date: '2026-03-01T08:01:00.000Z',
      engagement: { likes: 210, comments: 34, shares: 0 },
    })
  })

  test('a visible hunter is the author with their profile; missing counts and description are 0 and left out', async () => {
    const ph = fake(() =>
      answer(
        [
          post(1, { user: { name: 'Kat Manalac', username: 'katm', url: 'https://www.producthunt.com/@katm' } }),
          post(2, {
            user: { name: '[REDACTED]', username: 'jo', url: null },
            votesCount: null,
            commentsCount: undefined,
            description: null,
          }),
          post(3, { user: null, website: null }),
        ],
        null,
        false,
      ),
    )
    const [a, b, c] = await connector(ph.origin).search('crm', 10)
    expect([a.author, a.profileUrl]).toEqual(['Kat Manalac', 'https://www.producthunt.com/@katm'])
    expect([b.author, b.profileUrl, b.content, b.engagement]).toEqual([
      'jo',
      'https://www.producthunt.com/@jo',
      'Acme 2\n\nCRM for indie teams',
      { likes: 0, comments: 0, shares: 0 },
    ])
    expect([c.author, c.profileUrl]).toEqual(['unknown', ''])
  })

  test('tracking parameters naming our API application are stripped from every link', async () => {
    const ph = fake(() =>
      answer(
        [
          post(1, {
            url: productHuntTracked('https://www.producthunt.com/posts/acme-1'),
            website: productHuntTracked('https://www.producthunt.com/r/ACME1'),
          }),
          post(2, {
            url: productHuntTracked('https://www.producthunt.com/posts/acme-2'),
            user: { name: 'Kat', username: 'katm', url: productHuntTracked('https://www.producthunt.com/@katm') },
          }),
          post(3, { url: `${productHuntTracked('https://www.producthunt.com/posts/acme-3')}&ref=keep` }),
        ],
        null,
        false,
      ),
    )
    const [a, b, c] = await connector(ph.origin).search('crm', 10)
    expect(a.url).toBe('https://www.producthunt.com/posts/acme-1')
    expect([b.url, b.profileUrl]).toEqual([
      'https://www.producthunt.com/posts/acme-2',
      'https://www.producthunt.com/@katm',
    ])
    expect(c.url).toBe('https://www.producthunt.com/posts/acme-3?ref=keep')
    expect(JSON.stringify([a, b, c])).not.toContain('Application')
  })

  test('one read of the newest launches (5 pages) serves every keyword until it is no longer fresh', async () => {
    let clock = 1_000_000
    // Every page: 15 matching posts and 5 others.
    const ph = fake((r) => {
      const p = Number(body(r).variables.after ?? 0)
      const nodes = Array.from({ length: 20 }, (_, i) => (i % 4 < 3 ? post(p * 20 + i) : other(p * 20 + i)))
      return answer(nodes, String(p + 1), true)
    })
    const c = connector(ph.origin, {}, [], () => clock)
    expect(c.sharesOneRead).toBe(true)
    expect(c.requestsFor?.(50)).toBe(5)
    const [crm, widget] = await Promise.all([c.search('crm', 50), c.search('widget', 50)])
    expect(ph.received.map((r) => body(r).variables.after)).toEqual([null, '1', '2', '3', '4'])
    expect(crm).toHaveLength(50)
    expect(new Set(crm.map((m) => m.id)).size).toBe(50)
    expect(widget).toHaveLength(25)
    // Fresh: no request, nothing charged.
    expect(c.requestsFor?.(50)).toBe(0)
    clock += LAUNCHES_FRESH_MS - 1
    expect(await c.search('acme', 5)).toHaveLength(5)
    expect(ph.received).toHaveLength(5)
    clock += 1
    expect(c.requestsFor?.(50)).toBe(5)
    await c.search('acme', 5)
    expect(ph.received).toHaveLength(10)
  })

  test('a failed read is not kept: the next search reads again', async () => {
    let fail = true
    const ph = fake(() => (fail ? new Response('down', { status: 503 }) : answer([post(1)], null, false)))
    const c = connector(ph.origin)
    await expect(c.search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
    fail = false
    expect(await c.search('crm', 5)).toHaveLength(1)
  })

  test('stops after 5 pages (100 launches) when matches are rare, and when hasNextPage is false', async () => {
    const rare = fake((r) => {
      const p = Number(body(r).variables.after ?? 0)
      return answer(
        Array.from({ length: 20 }, (_, i) => (i === 0 ? post(p * 20) : other(p * 20 + i))),
        String(p + 1),
        true,
      )
    })
    expect(await connector(rare.origin).search('crm', 50)).toHaveLength(5)
    expect(rare.received).toHaveLength(5)
    const last = fake(() => answer([post(1), post(2)], 'end', false))
    expect(await connector(last.origin).search('crm', 50)).toHaveLength(2)
    expect(last.received).toHaveLength(1)
  })

  test('a malformed post is skipped and logged', async () => {
    const lines: string[] = []
    const ph = fake(() => answer([{ id: '1', name: null }, post(2, { createdAt: 'yesterday' }), post(3)], null, false))
    const mentions = await connector(ph.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['producthunt:900003'])
    expect(lines.filter((l) => JSON.parse(l).event === 'platform_item_skipped')).toHaveLength(2)
  })

  test('GraphQL errors in a 200 answer are an upstream_error; the message goes to the log, not to the caller', async () => {
    const lines: string[] = []
    const ph = fake(() =>
      Response.json({
        errors: [{ message: "Field 'posts' complexity too high", locations: [{ line: 1, column: 1 }] }],
        data: null,
      }),
    )
    const err = await connector(ph.origin, {}, lines)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', message: 'producthunt answered with a GraphQL error' })
    expect(lines.some((l) => JSON.parse(l).message?.includes('complexity'))).toBe(true)
  })

  test('a body without data.posts is an upstream_error; so are an error status and a refused token', async () => {
    await expect(
      connector(fake(() => Response.json({ data: { viewer: null } })).origin).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_error' })
    await expect(connector(fake(() => Response.json([1, 2])).origin).search('crm', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
    })
    const refused = fake(() => Response.json({ errors: [{ error: 'invalid_oauth_token' }] }, { status: 401 }))
    const err = await connector(refused.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).not.toContain('ph_dev_token')
  })

  test('a 429 waits for the window to reset (X-Rate-Limit-Reset), even with points left that the query needs more of', async () => {
    // api.producthunt.com/v2/docs/rate_limits/headers: 6,250 complexity points per 15 minutes, 429 until the window
    // resets, and on every answer X-Rate-Limit-Limit, -Remaining and -Reset (seconds until the reset). Here each
    // page costs 250 points and 200 are left: the first page is refused with 200 remaining.
    const ph = fakeWithPoints(200, 421)
    const err = await connector(ph.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 421 } })
    expect(err.message).toBe('producthunt is rate limited (429, rate_limit_reached); retry after 421 s')
  })

  test('a page whose X-Rate-Limit-Remaining is less than a page costs ends the read with the pages it has; the next read waits for the reset, unsent', async () => {
    // Each page costs 250 points (the fall of X-Rate-Limit-Remaining from one page to the next) and 600 are left: after
    // 2 pages 100 remain, and a third page would be refused (429), losing the read.
    const ph = fakeWithPoints(600, 900)
    let at = Date.now()
    const c = connector(ph.origin, {}, [], () => at)
    expect(await c.search('crm', 5)).toHaveLength(2)
    expect(ph.received).toHaveLength(2)
    at += LAUNCHES_FRESH_MS
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(err.extra.retryAfterSec).toBe(900 - LAUNCHES_FRESH_MS / 1000)
    expect(ph.received).toHaveLength(2)
  })

  test('a slow answer is an upstream_timeout', async () => {
    const slow = fake(async () => {
      await Bun.sleep(400)
      return answer([], null, false)
    })
    await expect(
      connector(slow.origin, { LEAD_SIGNALS_PLATFORMS_PRODUCTHUNT_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
