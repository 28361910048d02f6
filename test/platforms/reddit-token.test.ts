import { describe, expect, test } from 'bun:test'
import { ConfigError, loadConfig } from '../../src/config/load'
import { isConfigured } from '../../src/platforms/configured'
import { EXPIRY_MARGIN_MS } from '../../src/platforms/reddit/token'
import { REDDIT_UA } from '../support/fake-platforms'
import { connector, listing, oauthEnv, post, redditFakes, USER_AGENT } from './reddit-fake'

// How the Reddit connector gets in: the app's token (client credentials), Reddit's rules since 2025 (OAuth only, a
// User-Agent in its required form) and the settings they need. Searching itself is in reddit.test.ts.
const fakeReddit = redditFakes()

const configError = (env: Record<string, string>) => {
  try {
    loadConfig({ env })
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as Error).message
  }
  throw new Error('expected a ConfigError')
}

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
