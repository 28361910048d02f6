import { describe, expect, test } from 'bun:test'
import { longText } from '../support/fake-upstream'
import { connector, listing, post, redditFakes } from './reddit-fake'

// The Reddit connector searching and reading posts, against the fake in reddit-fake.ts. Its token, User-Agent and
// settings are in reddit-token.test.ts.
const fakeReddit = redditFakes()

describe('reddit connector: searching and reading posts', () => {
  test('maps posts: title and whole self text as sent, score, comments and crossposts; link posts and missing counts', async () => {
    const body = longText()
    const r = fakeReddit({
      posts: () =>
        listing([
          post(1, { selftext: `${body}\n\n> quoted & <b>not html</b>` }),
          post(2, {
            selftext: '',
            author: '[deleted]',
            score: undefined,
            ups: undefined,
            num_comments: undefined,
            num_crossposts: undefined,
            created_utc: 1767225600.5,
          }),
        ]),
    })
    const mentions = await connector(r.origin).search('crm', 10)
    expect(mentions[0]).toEqual({
      id: 'reddit:1ab1',
      author: 'someuser',
      platform: 'reddit',
      title: 'Looking for a CRM #1',
      content: `Looking for a CRM #1\n\n${body}\n\n> quoted & <b>not html</b>`,
      url: 'https://www.reddit.com/r/SaaS/comments/1ab1/looking_for_a_crm/',
      profileUrl: 'https://www.reddit.com/user/someuser',
      date: '2026-01-01T00:00:00.000Z',
      engagement: { likes: 42, comments: 17, shares: 1 },
    })
    expect(mentions[1]).toEqual({
      id: 'reddit:1ab2',
      // Reddit's name for a deleted account (no username holds brackets) names no one: it makes no person, and has
      // no profile page (docs/people.md#who-is-a-person).
      author: '[deleted]',
      authorKnown: false,
      platform: 'reddit',
      title: 'Looking for a CRM #2',
      content: 'Looking for a CRM #2',
      url: 'https://www.reddit.com/r/SaaS/comments/1ab2/looking_for_a_crm/',
      profileUrl: '',
      date: '2026-01-01T00:00:00.500Z',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
  })

  // A search is charged its pages before it is sent and reads no page more (docs/platforms.md#budgets): a page short
  // of what was asked for (removed or malformed items) ends it with fewer than `limit`; a larger limit reads on.
  test('short pages: `after` is followed only within the pages the search was charged', async () => {
    const r = fakeReddit({
      posts: (req) => {
        const n = Number(req.url.searchParams.get('after')?.slice('t3_p'.length) ?? 0)
        return listing(
          Array.from({ length: 20 }, (_, i) => post(n + i + 1)),
          `t3_p${n + 20}`,
        )
      },
    })
    expect(await connector(r.origin).search('crm', 50)).toHaveLength(20)
    expect(r.searches()).toHaveLength(1)
    const mentions = await connector(r.origin).search('crm', 150)
    expect(
      r
        .searches()
        .slice(1)
        .map((s) => s.url.searchParams.get('after')),
    ).toEqual([null, 't3_p20'])
    expect(
      r
        .searches()
        .slice(1)
        .every((s) => s.url.searchParams.get('limit') === '100'),
    ).toBe(true)
    expect(mentions).toHaveLength(40)
    expect(new Set(mentions.map((m) => m.id)).size).toBe(40)
  })

  test('stops when `after` is null: Reddit has no more', async () => {
    const r = fakeReddit({ posts: () => listing([post(1), post(2)], null) })
    expect(await connector(r.origin).search('crm', 50)).toHaveLength(2)
    expect(r.searches()).toHaveLength(1)
  })

  test('skips and logs a malformed post', async () => {
    const lines: string[] = []
    const r = fakeReddit({
      posts: () => listing([{ id: 1, title: null }, post(2, { permalink: 'https://elsewhere.example/x' }), post(3)]),
    })
    const mentions = await connector(r.origin, {}, { lines }).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['reddit:1ab3'])
    expect(lines.filter((l) => JSON.parse(l).event === 'platform_item_skipped')).toHaveLength(2)
  })

  test('an answer that is not a listing is an upstream_error', async () => {
    const r = fakeReddit({ posts: () => Response.json({ kind: 'Listing', data: { after: null } }) })
    await expect(connector(r.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
  })

  test('a 429 is a rate limit with the wait of its X-Ratelimit-Reset (seconds from now)', async () => {
    const r = fakeReddit({
      posts: () =>
        Response.json(
          { message: 'Too Many Requests', error: 429 },
          { status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '42' } },
        ),
    })
    const err = await connector(r.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 42 } })
    expect(err.message).toBe('reddit is rate limited (429, no requests remaining); retry after 42 s')
  })

  test('a page whose X-Ratelimit-Remaining says none is left ends the search with what it found, and the next is refused unsent until X-Ratelimit-Reset', async () => {
    // Reddit's API rules: X-Ratelimit-Remaining (approximate, a decimal such as "599.0") and X-Ratelimit-Reset
    // (seconds to the end of the period) ride on every answer; the next request after none remain is refused (429).
    let used = 0
    const r = fakeReddit({
      posts: () => {
        if (used >= 2) return Response.json({ message: 'Too Many Requests', error: 429 }, { status: 429 })
        used++
        return Response.json(
          {
            kind: 'Listing',
            data: { after: `t3_page${used}`, children: [1, 2].map((n) => ({ kind: 't3', data: post(used * 10 + n) })) },
          },
          {
            headers: {
              'x-ratelimit-used': `${used}.0`,
              'x-ratelimit-remaining': `${2 - used}.0`,
              'x-ratelimit-reset': '42',
            },
          },
        )
      },
    })
    const c = connector(r.origin)
    // Page 1 says 1.0 remains: page 2 is asked; page 2 says 0.0: page 3 would be answered 429 and lose both.
    expect(await c.search('crm', 300)).toHaveLength(4)
    expect(r.searches()).toHaveLength(2)
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(err.extra.retryAfterSec).toBeGreaterThanOrEqual(40)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(42)
    expect(err.message).toContain('wait')
    expect(r.searches()).toHaveLength(2)
  })

  test('a slow answer is an upstream_timeout', async () => {
    const r = fakeReddit({ posts: () => Bun.sleep(400).then(() => listing([])) })
    await expect(
      connector(r.origin, { LEAD_SIGNALS_PLATFORMS_REDDIT_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
