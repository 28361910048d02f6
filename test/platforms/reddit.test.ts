import { describe, expect, test } from 'bun:test'
import { version } from '../../package.json'
import { ConfigError, loadConfig } from '../../src/config/load'
import { isConfigured } from '../../src/platforms/configured'
import { createLogger } from '../../src/lib/log'
import { createRedditConnector } from '../../src/platforms/reddit/connector'
import { EXPIRY_MARGIN_MS } from '../../src/platforms/reddit/token'
import { REDDIT_UA } from '../support/fake-platforms'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'

// A fake Reddit: the token endpoint (POST /api/v1/access_token) and the OAuth search (GET /search), answering in the
// documented Listing shape, with Reddit's rules since 2025: a search without a bearer token, or the keyless
// /search.json, is refused with 403, and a User-Agent not in its required form is throttled (429).
const startFake = fakesPerTest()

type Answer = Response | Promise<Response>
type Options = { posts?: (req: Received) => Answer; token?: (n: number) => Answer }
const listing = (posts: unknown[], after: string | null = null) =>
  Response.json({
    kind: 'Listing',
    data: {
      after,
      dist: posts.length,
      modhash: '',
      geo_filter: '',
      before: null,
      children: posts.map((data) => ({ kind: 't3', data })),
    },
  })
function fakeReddit(o: Options = {}) {
  let tokens = 0
  const f = startFake((req) => {
    if (!REDDIT_UA.test(req.headers.get('user-agent') ?? ''))
      return Response.json({ message: 'Too Many Requests', error: 429 }, { status: 429 })
    if (req.url.pathname === '/search.json' || (req.url.pathname === '/search' && !req.headers.has('authorization')))
      return Response.json({ message: 'Forbidden', error: 403 }, { status: 403 })
    if (req.method === 'POST' && req.url.pathname === '/api/v1/access_token') {
      tokens++
      return (
        o.token?.(tokens) ??
        Response.json({ access_token: `token-${tokens}`, token_type: 'bearer', expires_in: 86400, scope: '*' })
      )
    }
    if (req.method === 'GET' && (req.url.pathname === '/search' || req.url.pathname === '/search.json'))
      return o.posts?.(req) ?? listing([])
    return new Response('not found', { status: 404 })
  })
  return {
    ...f,
    tokenCalls: () => f.received.filter((r) => r.url.pathname === '/api/v1/access_token'),
    searches: () => f.received.filter((r) => r.url.pathname.startsWith('/search')),
  }
}

const oauthEnv = {
  LEAD_SIGNALS_PLATFORMS_REDDIT_CLIENT_ID: 'app-id',
  LEAD_SIGNALS_PLATFORMS_REDDIT_CLIENT_SECRET: 'app-secret',
  LEAD_SIGNALS_PLATFORMS_REDDIT_APP_ID: 'com.example.leads',
  LEAD_SIGNALS_PLATFORMS_REDDIT_USERNAME: 'tester',
}
const USER_AGENT = `${process.platform}:com.example.leads:v${version} (by /u/tester)`
const connector = (
  origin: string,
  env: Record<string, string> = {},
  o: { lines?: string[]; now?: () => number } = {},
) =>
  createRedditConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_REDDIT_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_REDDIT_AUTH_URL: origin,
        ...oauthEnv,
        ...env,
      },
    }).platforms.reddit,
    createLogger((l) => o.lines?.push(l)),
    o.now,
  )
const configError = (env: Record<string, string>) => {
  try {
    loadConfig({ env })
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as Error).message
  }
  throw new Error('expected a ConfigError')
}

const post = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `1ab${n}`,
  name: `t3_1ab${n}`,
  title: `Looking for a CRM #${n}`,
  selftext: `Body ${n}`,
  author: 'someuser',
  subreddit: 'SaaS',
  permalink: `/r/SaaS/comments/1ab${n}/looking_for_a_crm/`,
  url: `https://www.reddit.com/r/SaaS/comments/1ab${n}/looking_for_a_crm/`,
  created_utc: 1767225600.0,
  score: 42,
  ups: 42,
  num_comments: 17,
  num_crossposts: 1,
  over_18: false,
  is_self: true,
  ...extra,
})

describe('reddit connector with app credentials (OAuth client credentials)', () => {
  test('gets an app token with HTTP Basic and client_credentials, then searches oauth /search with the bearer token', async () => {
    const r = fakeReddit()
    await connector(r.origin, oauthEnv).search('crm tool', 25)
    const [tok] = r.tokenCalls()
    expect(tok.method).toBe('POST')
    expect(tok.headers.get('authorization')).toBe(`Basic ${btoa('app-id:app-secret')}`)
    expect(tok.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(tok.body))).toEqual({ grant_type: 'client_credentials' })
    expect(tok.headers.get('user-agent')).toBe(USER_AGENT)
    const [search] = r.searches()
    expect(search.method).toBe('GET')
    expect(search.url.pathname).toBe('/search')
    expect(Object.fromEntries(search.url.searchParams)).toEqual({
      q: 'crm tool',
      sort: 'new',
      limit: '25',
      type: 'link',
      raw_json: '1',
    })
    expect(search.headers.get('authorization')).toBe('bearer token-1')
    expect(search.headers.get('user-agent')).toBe(USER_AGENT)
  })

  test('a keyword query goes in Reddit search syntax (docs/queries.md#per-platform)', async () => {
    const r = fakeReddit()
    await connector(r.origin, oauthEnv).search('(crm OR erp) -hubspot subreddit:SaaS title:help', 25)
    expect(r.searches()[0].url.searchParams.get('q')).toBe('(crm OR erp) NOT hubspot subreddit:saas title:help')
  })

  test('one token serves two searches; a new one is asked for once it is within the margin of expiry', async () => {
    let clock = 1_000_000
    const r = fakeReddit({
      token: (n) => Response.json({ access_token: `token-${n}`, token_type: 'bearer', expires_in: 3600, scope: '*' }),
    })
    const c = connector(r.origin, oauthEnv, { now: () => clock })
    await c.search('crm', 5)
    clock += 1000
    await c.search('crm', 5)
    expect(r.tokenCalls()).toHaveLength(1)
    clock = 1_000_000 + 3600_000 - EXPIRY_MARGIN_MS - 1
    await c.search('crm', 5)
    expect(r.tokenCalls()).toHaveLength(1)
    clock += 1
    await c.search('crm', 5)
    expect(r.tokenCalls()).toHaveLength(2)
    expect(r.searches().map((s) => s.headers.get('authorization'))).toEqual([
      'bearer token-1',
      'bearer token-1',
      'bearer token-1',
      'bearer token-2',
    ])
  })

  test('concurrent searches share one token call', async () => {
    const r = fakeReddit({
      token: () =>
        new Promise<Response>((ok) =>
          setTimeout(() => ok(Response.json({ access_token: 'shared', expires_in: 86400 })), 50),
        ),
    })
    const c = connector(r.origin, oauthEnv)
    await Promise.all([c.search('a', 5), c.search('b', 5), c.search('c', 5)])
    expect(r.tokenCalls()).toHaveLength(1)
  })

  test('a 401 on search (token revoked) gets one new token and tries once more', async () => {
    const r = fakeReddit({
      posts: (req) =>
        req.headers.get('authorization') === 'bearer token-1'
          ? Response.json({ message: 'Unauthorized', error: 401 }, { status: 401 })
          : listing([post(1)]),
    })
    const mentions = await connector(r.origin, oauthEnv).search('crm', 5)
    expect(mentions.map((m) => m.id)).toEqual(['reddit:1ab1'])
    expect(r.tokenCalls()).toHaveLength(2)
  })

  test('a search refused again with the new token is an upstream_error, after one retry only', async () => {
    const r = fakeReddit({ posts: () => Response.json({ message: 'Unauthorized', error: 401 }, { status: 401 }) })
    await expect(connector(r.origin, oauthEnv).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
    expect(r.tokenCalls()).toHaveLength(2)
    expect(r.searches()).toHaveLength(2)
  })

  test('refused credentials (a 200 answer with an error) are an upstream_error without the secret; a failed token call is retried next time', async () => {
    const r = fakeReddit({
      token: (n) =>
        n === 1 ? Response.json({ error: 'invalid_grant' }) : Response.json({ access_token: 'ok', expires_in: 86400 }),
    })
    const c = connector(r.origin, oauthEnv)
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).toContain('invalid_grant')
    expect(err.message).not.toContain('app-secret')
    expect(await c.search('crm', 5)).toEqual([])
    expect(r.tokenCalls()).toHaveLength(2)
  })

  test('a token call refused 403 with a Retry-After is a rate limit, not refused credentials: its wait holds the app', async () => {
    // Reddit's wiki (OAuth2, "Retrieving the access token") answers wrong credentials with 401 and a grant it does not
    // take with 200 and an error; a 403 that names a wait is a limit (docs/platforms.md#rate-limits).
    const r = fakeReddit({
      token: () =>
        Response.json({ message: 'Forbidden', error: 403 }, { status: 403, headers: { 'retry-after': '120' } }),
    })
    const c = connector(r.origin, oauthEnv)
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 120 }, refusedCredentials: false })
    expect(err.message).toBe('reddit is rate limited (403); retry after 120 s')
    expect(await c.search('crm', 5).catch((e) => e)).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(r.tokenCalls()).toHaveLength(1)
  })
})

describe("reddit's rules since 2025: OAuth only, and a User-Agent in its required form", () => {
  test('the fake refuses what Reddit refuses: a search without a token (403), the keyless search.json (403), a generic User-Agent (429)', async () => {
    const r = fakeReddit()
    const get = (path: string, headers: Record<string, string>) => fetch(`${r.origin}${path}`, { headers })
    expect((await get('/search?q=crm', { 'user-agent': USER_AGENT })).status).toBe(403)
    expect((await get('/search.json?q=crm', { 'user-agent': USER_AGENT })).status).toBe(403)
    expect((await get('/search?q=crm', { 'user-agent': 'lead-signals/0.1', authorization: 'bearer x' })).status).toBe(
      429,
    )
  })

  test('the User-Agent is <platform>:<app id>:<version> (by /u/<username>) from app_id and username, on the token call and every search', async () => {
    const r = fakeReddit({ posts: () => listing([post(1)]) })
    const c = connector(r.origin, { LEAD_SIGNALS_PLATFORMS_REDDIT_USERNAME: '/u/tester' })
    expect(await c.search('crm', 5)).toHaveLength(1)
    expect(USER_AGENT).toMatch(REDDIT_UA)
    expect(r.received.map((q) => q.headers.get('user-agent'))).toEqual([USER_AGENT, USER_AGENT])
    expect(r.searches()[0].url.pathname).toBe('/search')
  })

  test('without client_id and client_secret reddit is not configured (503 platform_not_configured)', () => {
    expect(isConfigured(loadConfig({ env: {} }), 'reddit')).toBe(false)
    expect(isConfigured(loadConfig({ env: oauthEnv }), 'reddit')).toBe(true)
  })

  test('a credential without the other keys is a configuration error naming the missing key', () => {
    const { LEAD_SIGNALS_PLATFORMS_REDDIT_APP_ID: _app, ...noAppId } = oauthEnv
    expect(configError(noAppId)).toStartWith('config: platforms.reddit.app_id: required once client_id')
    const { LEAD_SIGNALS_PLATFORMS_REDDIT_USERNAME: _user, ...noUsername } = oauthEnv
    expect(configError(noUsername)).toStartWith('config: platforms.reddit.username: required once client_id')
    expect(configError({ LEAD_SIGNALS_PLATFORMS_REDDIT_CLIENT_ID: 'app-id' })).toStartWith(
      'config: platforms.reddit.client_secret: required',
    )
    expect(configError({ ...oauthEnv, LEAD_SIGNALS_PLATFORMS_REDDIT_APP_ID: 'my app:1' })).toContain(
      'platforms.reddit.app_id (from LEAD_SIGNALS_PLATFORMS_REDDIT_APP_ID)',
    )
    expect(configError({ ...oauthEnv, LEAD_SIGNALS_PLATFORMS_REDDIT_USERNAME: 'no spaces please' })).toContain(
      'platforms.reddit.username',
    )
  })
})

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
