import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createTwitterConnector } from '../../src/platforms/twitter/connector'
import { queryFilter } from '../../src/domain/search/query-filter'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { resetIn } from '../support/reset-headers'
import { expectSpentLimitHeld } from '../support/spent-limit'
import { AS_SENT } from '../../src/mention'

// A fake X API v2 answering GET /2/tweets/search/recent in the documented shape (data, includes.users, meta).
const fake = fakesPerTest()

const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createTwitterConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_TWITTER_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_TWITTER_BEARER_TOKEN: 'AAAA-bearer',
        ...env,
      },
    }).platforms.twitter,
    createLogger((l) => lines.push(l)),
  )

const tweet = (n: number, extra: Record<string, unknown> = {}) => ({
  id: String(1790000000000000000n + BigInt(n)),
  text: `We need a CRM #${n}`,
  author_id: '2244994945',
  lang: 'en',
  created_at: '2026-03-01T12:34:56.000Z',
  edit_history_tweet_ids: [String(1790000000000000000n + BigInt(n))],
  public_metrics: {
    retweet_count: 3,
    reply_count: 1,
    like_count: 12,
    quote_count: 2,
    bookmark_count: 2,
    impression_count: 900,
  },
  ...extra,
})
const jane = { id: '2244994945', username: 'jane', name: 'Jane Doe' }
const page = (data: unknown[] | undefined, nextToken?: string, users: unknown[] = [jane]) =>
  Response.json({
    ...(data ? { data } : {}),
    includes: { users },
    meta: {
      result_count: data?.length ?? 0,
      ...(data?.length ? { newest_id: 'x', oldest_id: 'y' } : {}),
      ...(nextToken ? { next_token: nextToken } : {}),
    },
  })

describe('twitter connector against a fake X API v2', () => {
  test('asks recent search for the newest posts with the bearer token, the fields and the author expansion', async () => {
    const x = fake(() => page(undefined))
    await connector(x.origin).search('crm tool', 25)
    expect(x.received).toHaveLength(1)
    const [req] = x.received
    expect(req.method).toBe('GET')
    expect(req.url.pathname).toBe('/2/tweets/search/recent')
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      // The parentheses keep -is:retweet on the whole keyword, operators included.
      query: '(crm tool) -is:retweet',
      max_results: '25',
      sort_order: 'recency',
      'tweet.fields': 'created_at,public_metrics,author_id,note_tweet,lang,referenced_tweets',
      expansions: 'author_id',
      'user.fields': 'username,name',
    })
    expect(req.headers.get('authorization')).toBe('Bearer AAAA-bearer')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
  })

  test('a keyword query goes in X operators inside the parentheses (docs/queries.md#per-platform)', async () => {
    const x = fake(() => page(undefined))
    await connector(x.origin).search('"sales pipeline" (crm OR erp) -hubspot author:jane lang:en type:post', 25)
    expect(x.received[0].url.searchParams.get('query')).toBe(
      '("sales pipeline" (crm OR erp) -hubspot from:jane lang:en -is:reply) -is:retweet',
    )
  })

  test('a reply is a comment, so `type:comment` keeps the replies X was asked for (docs/queries.md#filters)', async () => {
    const x = fake(() =>
      page([
        tweet(1, { referenced_tweets: [{ type: 'replied_to', id: '1789' }] }),
        tweet(2, { referenced_tweets: [{ type: 'quoted', id: '1788' }] }),
        tweet(3),
      ]),
    )
    const keyword = 'crm type:comment'
    const mentions = await connector(x.origin).search(keyword, 10)
    expect(x.received[0].url.searchParams.get('query')).toBe('(crm is:reply) -is:retweet')
    expect(mentions.map((m) => m.kind)).toEqual(['comment', undefined, undefined])
    const matches = await queryFilter(keyword)
    expect(mentions.filter(matches).map((m) => m.id)).toEqual(['twitter:1790000000000000001'])
  })

  test('a limit under 10 asks for 10, the API minimum, and returns only the limit', async () => {
    const x = fake(() => page(Array.from({ length: 10 }, (_, i) => tweet(i + 1))))
    const mentions = await connector(x.origin).search('crm', 3)
    expect(x.received[0].url.searchParams.get('max_results')).toBe('10')
    expect(mentions.map((m) => m.id)).toEqual([
      'twitter:1790000000000000001',
      'twitter:1790000000000000002',
      'twitter:1790000000000000003',
    ])
  })

  test('maps posts: the whole note_tweet text of a long post, the author from includes.users, reposts plus quotes as shares', async () => {
    const long = longText()
    const x = fake(() =>
      page([
        tweet(1, { text: long.slice(0, 275) + '… https://t.co/abc', note_tweet: { text: long } }),
        tweet(2, {
          text: 'Any tips? &amp; thanks, a &lt;b&gt; &amp;amp;',
          public_metrics: undefined,
          author_id: '999',
        }),
      ]),
    )
    const mentions = await connector(x.origin).search('crm', 10)
    expect(mentions[0]).toEqual({
      id: 'twitter:1790000000000000001',
      author: 'jane',
      // The user id X says stays when the username changes: the person is kept by it (docs/people.md#renamed-accounts).
      authorId: '2244994945',
      platform: 'twitter',
      content: long,
      // docs/platforms.md#as-sent: the raw search's text is the field read, as sent.
      [AS_SENT]: long,
      url: 'https://x.com/jane/status/1790000000000000001',
      profileUrl: 'https://x.com/jane',
      date: '2026-03-01T12:34:56.000Z',
      engagement: { likes: 12, comments: 1, shares: 5 },
    })
    expect(mentions[0].content).toHaveLength(6000)
    // An author missing from includes (suspended, protected) and no metrics: X's /i/ links, 'unknown', zeros.
    // X escapes &, < and > in text (and only those): they are decoded, once.
    expect(mentions[1]).toEqual({
      id: 'twitter:1790000000000000002',
      author: 'unknown',
      // A stand-in, no one's name: it makes no person (docs/people.md#who-is-a-person).
      authorKnown: false,
      platform: 'twitter',
      content: 'Any tips? & thanks, a <b> &amp;',
      [AS_SENT]: 'Any tips? &amp; thanks, a &lt;b&gt; &amp;amp;',
      url: 'https://x.com/i/web/status/1790000000000000002',
      profileUrl: 'https://x.com/i/user/999',
      date: '2026-03-01T12:34:56.000Z',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
  })

  test('no match: data absent and result_count 0 is an empty list', async () => {
    const x = fake(() => Response.json({ meta: { result_count: 0 } }))
    expect(await connector(x.origin).search('crm', 10)).toEqual([])
  })

  // X's pages may hold fewer posts than max_results, next_token or not (docs.x.com, Pagination: "Do not rely on the
  // results per page always equaling the max_results"). A search is charged its pages at 100 a page before it is sent
  // (docs/platforms.md#budgets), so it sends no page more: a short page then ends it with fewer than `limit` posts.
  test('short pages: next_token is followed only within the pages the search was charged, asking for what is missing', async () => {
    const x = fake(() => {
      const n = x.received.length - 1
      const items = Array.from({ length: 20 }, (_, i) => tweet(n * 20 + i + 1))
      return page(items, `token-${n + 1}`)
    })
    expect(await connector(x.origin).search('crm', 50)).toHaveLength(20)
    expect(x.received.map((r) => r.url.searchParams.get('max_results'))).toEqual(['50'])
    x.received.length = 0
    const mentions = await connector(x.origin).search('crm', 150)
    expect(x.received.map((r) => r.url.searchParams.get('next_token'))).toEqual([null, 'token-1'])
    expect(x.received.map((r) => r.url.searchParams.get('max_results'))).toEqual(['100', '100'])
    expect(mentions).toHaveLength(40)
    expect(new Set(mentions.map((m) => m.id)).size).toBe(40)
  })

  test('stops when X has no next_token', async () => {
    const x = fake(() => page([tweet(1), tweet(2)]))
    const mentions = await connector(x.origin).search('crm', 50)
    expect(x.received).toHaveLength(1)
    expect(mentions).toHaveLength(2)
  })

  test('skips and logs a malformed post', async () => {
    const lines: string[] = []
    const x = fake(() => page([{ id: 5, text: null }, tweet(2, { created_at: 'yesterday' }), tweet(3)]))
    const mentions = await connector(x.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['twitter:1790000000000000003'])
    expect(lines.filter((l) => JSON.parse(l).event === 'platform_item_skipped')).toHaveLength(2)
  })

  test('an answer without meta is an upstream_error', async () => {
    const x = fake(() => Response.json({ errors: [{ message: 'something' }] }))
    await expect(connector(x.origin).search('crm', 10)).rejects.toMatchObject({ kind: 'upstream_error' })
  })

  test('a 401 is an upstream_error that does not carry the bearer token', async () => {
    const x = fake(() =>
      Response.json(
        { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
        { status: 401 },
      ),
    )
    const err = await connector(x.origin)
      .search('crm', 10)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).not.toContain('AAAA-bearer')
  })

  test('a 429 rate-limit answer is an upstream_error', async () => {
    const x = fake(() =>
      Response.json({ title: 'Too Many Requests' }, { status: 429, headers: { 'x-rate-limit-remaining': '0' } }),
    )
    await expect(connector(x.origin).search('crm', 10)).rejects.toMatchObject({ kind: 'upstream_error' })
  })

  // X answers 429 also when the Post cap is spent, not only the 15-minute window (docs.x.com, Response codes and
  // errors: "the App's rate limit or Post cap having been exhausted"), with a problem of type usage-capped and the
  // window's requests still remaining. A minute later the cap is as spent as before.
  test("a 429 for the spent usage cap waits an hour and says so, not the window's minute", async () => {
    const x = fake(() =>
      Response.json(
        {
          title: 'UsageCapExceeded',
          detail: 'Usage cap exceeded: Monthly product cap',
          type: 'https://api.twitter.com/2/problems/usage-capped',
          period: 'Monthly',
          scope: 'Product',
        },
        {
          status: 429,
          headers: {
            'x-rate-limit-limit': '450',
            'x-rate-limit-remaining': '449',
            'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 600),
          },
        },
      ),
    )
    const err = await connector(x.origin)
      .search('crm', 10)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 3600 } })
    expect(err.message).toBe(
      "twitter: X's Monthly usage cap is spent (429 UsageCapExceeded); retry after 3600 s. Raise the cap or buy credits in the X developer console",
    )
  })

  test('a page whose x-rate-limit-remaining says none is left ends the search with what it found, and the next is refused unsent until x-rate-limit-reset', async () => {
    // docs.x.com, "Rate limits": every answer carries x-rate-limit-limit, -remaining (in the 15-minute window) and
    // -reset (epoch seconds); past the limit, 429. The pages already read are billed: a 429 on the next lost them.
    const reset = resetIn('x-rate-limit-reset', 600)
    let used = 0
    const x = fake((req) => {
      if (used >= 2) return Response.json({ title: 'Too Many Requests', status: 429 }, { status: 429 })
      used++
      const page = req.url.searchParams.get('next_token') ? 2 : 1
      return Response.json(
        {
          data: [tweet(page * 10 + 1), tweet(page * 10 + 2)],
          includes: { users: [jane] },
          meta: { result_count: 2, next_token: `page-${page + 1}` },
        },
        {
          headers: {
            'x-rate-limit-limit': '2',
            'x-rate-limit-remaining': String(2 - used),
            ...reset,
          },
        },
      )
    })
    await expectSpentLimitHeld(connector(x.origin), {
      limit: 300,
      found: 4,
      resetInSec: 600,
      sent: () => x.received.length,
    })
  })

  test('a slow answer is an upstream_timeout', async () => {
    const x = fake(async () => {
      await Bun.sleep(400)
      return page(undefined)
    })
    await expect(
      connector(x.origin, { LEAD_SIGNALS_PLATFORMS_TWITTER_TIMEOUT_MS: '100' }).search('crm', 10),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
