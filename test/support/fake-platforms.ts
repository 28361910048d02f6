/**
 * A local fake of two platforms' search protocols on one 127.0.0.1 server, holding posts per keyword: Algolia HN
 * Search (`/api/v1/search_by_date`) and Reddit's OAuth API (app token at `/api/v1/access_token`, search at `/search`).
 * Like Reddit since 2025, it answers 403 to a search without a bearer token (and to the keyless `/search.json`), and
 * refuses a User-Agent not in Reddit's `<platform>:<app id>:<version> (by /u/<username>)` form (REDDIT_UA). Each
 * answers the newest posts matching the keyword, at most the page size asked for, and records the searches it
 * served (not the token calls). Used by the polling tests and the pipeline benchmark.
 */
export type FakePost = { id: string; author: string; text: string; at: string }
export type FakePlatform = 'hackernews' | 'reddit'

/** Reddit's required User-Agent form (github.com/reddit-archive/reddit/wiki/API). */
export const REDDIT_UA = /^[a-z0-9]+:[A-Za-z0-9._~-]+:v?[0-9][^ ]* \(by \/u\/[A-Za-z0-9_-]{3,20}\)$/
const REDDIT_TOKEN = 'fake-reddit-token'
/** The one client id the fake Reddit has approved; any other is refused, as an app Reddit has not approved. */
const APPROVED_CLIENT = 'fake-app'
/** The reddit table that points the connector at a fake: OAuth credentials and the User-Agent's app id and username. */
export const redditSettings = (origin: string) => ({
  base_url: origin,
  auth_url: origin,
  client_id: APPROVED_CLIENT,
  client_secret: 'fake-secret',
  app_id: 'com.example.leads',
  username: 'tester',
})
/** The same, as lines of a TOML file. */
export const redditToml = (origin: string) => [
  '[platforms.reddit]',
  ...Object.entries(redditSettings(origin)).map(([k, v]) => `${k} = "${v}"`),
]

/**
 * Reddit's gate, for any fake serving Reddit's paths: the app token for an approved app's token call with the right
 * User-Agent, a refusal for a call breaking its rules (an app Reddit has not approved: 401, per its Responsible
 * Builder Policy, docs/platforms.md#reddit; a generic User-Agent: 429; a search without the token: 403), undefined
 * for a search it serves.
 */
export function redditGate(req: { method: string; url: URL; headers: Headers }): Response | undefined {
  if (!REDDIT_UA.test(req.headers.get('user-agent') ?? ''))
    return Response.json({ message: 'Too Many Requests', error: 429 }, { status: 429 })
  if (req.method === 'POST' && req.url.pathname === '/api/v1/access_token') {
    // Approval is required (Reddit's Responsible Builder Policy): only an approved app's client gets a token.
    const client = Buffer.from((req.headers.get('authorization') ?? '').replace(/^Basic /, ''), 'base64').toString()
    if (!client.startsWith(`${APPROVED_CLIENT}:`))
      return Response.json({ message: 'Unauthorized', error: 401 }, { status: 401 })
    return Response.json({ access_token: REDDIT_TOKEN, token_type: 'bearer', expires_in: 86400, scope: '*' })
  }
  if (req.url.pathname === '/search.json' || req.headers.get('authorization') !== `bearer ${REDDIT_TOKEN}`)
    return Response.json({ message: 'Forbidden', error: 403 }, { status: 403 })
  return undefined
}

export function fakePlatforms() {
  const posts = new Map<string, FakePost[]>()
  const searches: { platform: FakePlatform; keyword: string }[] = []
  const failures = new Map<FakePlatform, () => Response | Promise<Response>>()
  let delayMs = 0
  const key = (platform: string, keyword: string) => `${platform}\u0000${keyword.toLowerCase()}`

  const newest = (platform: FakePlatform, keyword: string, limit: number) =>
    [...(posts.get(key(platform, keyword)) ?? [])].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit)

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    // slow() holds answers longer than Bun's default 10 s idle timeout, which would cut them off at 8-12 s.
    idleTimeout: 0,
    async fetch(request) {
      const url = new URL(request.url)
      if (url.pathname === '/api/v1/access_token')
        return redditGate({ method: request.method, url, headers: request.headers })!
      const platform: FakePlatform | undefined =
        url.pathname === '/api/v1/search_by_date'
          ? 'hackernews'
          : url.pathname === '/search' || url.pathname === '/search.json'
            ? 'reddit'
            : undefined
      if (!platform) return new Response('not found', { status: 404 })
      if (platform === 'reddit') {
        const refused = redditGate({ method: request.method, url, headers: request.headers })
        if (refused) return refused
      }
      const keyword = url.searchParams.get(platform === 'hackernews' ? 'query' : 'q') ?? ''
      searches.push({ platform, keyword })
      if (delayMs) await Bun.sleep(delayMs)
      const failure = failures.get(platform)
      if (failure) return failure()
      if (platform === 'hackernews') {
        const hits = newest(platform, keyword, Number(url.searchParams.get('hitsPerPage') ?? 20)).map((p) => ({
          objectID: p.id,
          author: p.author,
          created_at: p.at,
          title: null,
          story_text: null,
          comment_text: p.text,
          points: null,
          num_comments: null,
          _tags: ['comment'],
        }))
        return Response.json({ hits, nbHits: hits.length, page: 0, nbPages: 1 })
      }
      const children = newest(platform, keyword, Number(url.searchParams.get('limit') ?? 25)).map((p) => ({
        kind: 't3',
        data: {
          id: p.id,
          title: p.text,
          selftext: '',
          author: p.author,
          permalink: `/r/sales/comments/${p.id}/`,
          created_utc: Date.parse(p.at) / 1000,
          score: 1,
          num_comments: 0,
        },
      }))
      return Response.json({ kind: 'Listing', data: { after: null, children } })
    },
  })

  return {
    origin: server.url.origin,
    /** Platform settings that point both connectors here. */
    platformsConfig: {
      hackernews: { base_url: server.url.origin, mode: 'search' as const },
      reddit: redditSettings(server.url.origin),
    },
    /** The same, as lines of a TOML file. */
    platformsToml: () => [
      '[platforms.hackernews]',
      `base_url = "${server.url.origin}"`,
      // Searched on the polling schedule, not streamed (docs/streams.md).
      'mode = "search"',
      ...redditToml(server.url.origin),
    ],
    searches,
    searchesOf: (platform: FakePlatform, keyword: string) =>
      searches.filter((s) => s.platform === platform && s.keyword.toLowerCase() === keyword.toLowerCase()).length,
    add(platform: FakePlatform, keyword: string, ...items: FakePost[]) {
      const list = posts.get(key(platform, keyword)) ?? []
      list.push(...items)
      posts.set(key(platform, keyword), list)
    },
    /** Every search of `platform` gets this answer (when it settles) until `fail(platform)` without one. */
    fail(platform: FakePlatform, answer?: () => Response | Promise<Response>) {
      if (answer) failures.set(platform, answer)
      else failures.delete(platform)
    },
    /** Every answer waits this long (after the search is recorded), e.g. to keep a request in flight. */
    slow(ms: number) {
      delayMs = ms
    },
    stop: () => server.stop(true),
  }
}
