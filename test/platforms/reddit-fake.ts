import { version } from '../../package.json'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createRedditConnector } from '../../src/platforms/reddit/connector'
import { REDDIT_UA } from '../support/fake-platforms'
import { fakesPerTest, type Received } from '../support/fake-upstream'

// A fake Reddit: the token endpoint (POST /api/v1/access_token) and the OAuth search (GET /search), answering in the
// documented Listing shape, with Reddit's rules since 2025: a search without a bearer token, or the keyless
// /search.json, is refused with 403, and a User-Agent not in its required form is throttled (429).
// Shared by reddit.test.ts (searching) and reddit-token.test.ts (the token, the User-Agent, the settings).

type Answer = Response | Promise<Response>
type Options = { posts?: (req: Received) => Answer; token?: (n: number) => Answer }
export const listing = (posts: unknown[], after: string | null = null) =>
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
function fakeReddit(startFake: ReturnType<typeof fakesPerTest>, o: Options = {}) {
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

/** A fake Reddit per test (stopped after each), for the test file that calls this at its top. */
export function redditFakes() {
  const startFake = fakesPerTest()
  return (o: Options = {}) => fakeReddit(startFake, o)
}

export const oauthEnv = {
  LEAD_SIGNALS_PLATFORMS_REDDIT_CLIENT_ID: 'app-id',
  LEAD_SIGNALS_PLATFORMS_REDDIT_CLIENT_SECRET: 'app-secret',
  LEAD_SIGNALS_PLATFORMS_REDDIT_APP_ID: 'com.example.leads',
  LEAD_SIGNALS_PLATFORMS_REDDIT_USERNAME: 'tester',
}
export const USER_AGENT = `${process.platform}:com.example.leads:v${version} (by /u/tester)`
export const connector = (
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
export const post = (n: number, extra: Record<string, unknown> = {}) => ({
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
