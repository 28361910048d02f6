// docs/platforms.md#rate-limits: a 429 holds what the platform's limit is counted by, on every server on the database,
// and nothing else: GitHub's search limit per token (per address without one), X's per app (its bearer token),
// Product Hunt's per application (its token), Bluesky's PDS per address (docs.bsky.app, "Rate Limits": every
// endpoint's requests, rate limited by IP), YouTube's daily quota per Google Cloud project (its API key), Apify's
// per user (its token). A server
// calling with the same credentials is refused unsent until the time the refusal named; one calling with other
// credentials searches on.
import { describe, expect, test } from 'bun:test'
import type { Source } from '../../src/config/platform-names'
import { redditSettings } from '../support/fake-platforms'
import { youtubeQuotaExceeded } from '../support/platform-rules'
import { fakesPerTest, type Received } from '../support/fake-upstream'
import { resetIn } from '../support/reset-headers'
import { searchRefused, twoServers } from '../support/two-servers'

const fake = fakesPerTest()

type Case = {
  platform: Source
  /** The platform's settings with one of two sets of credentials, for the fake at `origin`. */
  settings: (which: 'a' | 'b', origin: string) => Record<string, unknown>
  /** Whether a request was made with set "a" (refused with 429) rather than "b" (served). */
  isA: (req: Received) => boolean
  /** The platform's 429, its retry time 600 s away (`minWaitSec` at least, when another). */
  refusal: () => Response
  minWaitSec?: number
  /** An answer that served, with nothing found. */
  served: (req: Received) => Response
  /** A request that is not a search (Bluesky's login), answered as served and not counted. */
  gate?: (req: Received) => Response | undefined
}

const bearerIs = (req: Received, token: string) => req.headers.get('authorization') === `Bearer ${token}`

const CASES: Case[] = [
  {
    // docs.github.com, "Rate limits for the REST API": a secondary limit answers 429 with retry-after.
    platform: 'github',
    settings: (w, origin) => ({ base_url: origin, token: `ghp_${w}` }),
    isA: (req) => bearerIs(req, 'ghp_a'),
    refusal: () =>
      Response.json(
        { message: 'You have exceeded a secondary rate limit' },
        { status: 429, headers: { 'retry-after': '600' } },
      ),
    served: () => Response.json({ total_count: 0, incomplete_results: false, items: [] }),
  },
  {
    // docs.x.com, "Rate limits": 429 with x-rate-limit-remaining 0 and x-rate-limit-reset (epoch seconds).
    platform: 'twitter',
    settings: (w, origin) => ({ base_url: origin, bearer_token: `AAAA-${w}` }),
    isA: (req) => bearerIs(req, 'AAAA-a'),
    refusal: () =>
      Response.json(
        { title: 'Too Many Requests' },
        { status: 429, headers: { 'x-rate-limit-remaining': '0', ...resetIn('x-rate-limit-reset', 600) } },
      ),
    served: () => Response.json({ meta: { result_count: 0 } }),
  },
  {
    // api.producthunt.com/v2/docs/rate_limits/headers: 429 until the window resets, X-Rate-Limit-Reset in seconds.
    platform: 'producthunt',
    settings: (w, origin) => ({ base_url: origin, token: `ph_${w}` }),
    isA: (req) => bearerIs(req, 'ph_a'),
    refusal: () =>
      Response.json(
        { errors: [{ error: 'rate_limit_reached' }] },
        { status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': '600' } },
      ),
    served: () => Response.json({ data: { posts: { pageInfo: { endCursor: null, hasNextPage: false }, edges: [] } } }),
  },
  {
    // docs.joinmastodon.org/api/rate-limits: per account; X-RateLimit-Reset is an ISO 8601 date. The connector reads
    // the instance's NodeInfo first (here not found: an instance that does not say).
    platform: 'mastodon',
    settings: (w, origin) => ({ base_url: origin, access_token: `tok-${w}` }),
    isA: (req) => bearerIs(req, 'tok-a'),
    gate: (req) => (req.url.pathname.startsWith('/.well-known/') ? new Response('', { status: 404 }) : undefined),
    refusal: () => {
      const headers = { 'x-ratelimit-remaining': '0', ...resetIn('x-ratelimit-reset', 600, true) }
      return Response.json({ error: 'Too many requests' }, { status: 429, headers })
    },
    served: () => Response.json({ accounts: [], statuses: [], hashtags: [] }),
  },
  {
    // developers.google.com/youtube/v3/getting-started#quota: the quota is the Google Cloud project's, whose API key
    // the requests carry; spent, search.list answers 403 quotaExceeded until midnight Pacific time (any time ahead).
    platform: 'youtube',
    settings: (w, origin) => ({ base_url: origin, api_key: `yt-${w}` }),
    isA: (req) => req.url.searchParams.get('key') === 'yt-a',
    refusal: () => youtubeQuotaExceeded(),
    minWaitSec: 0,
    served: () => Response.json({ kind: 'youtube#searchListResponse', items: [], pageInfo: {} }),
  },
  {
    // docs.apify.com/api/v2 (Rate limiting): the global limit is counted per user, whose token the run carries.
    platform: 'linkedin',
    settings: (w, origin) => ({
      base_url: origin,
      actor: 'acme/linkedin-posts',
      token: `apify_${w}`,
      input: { searchQueries: '{keyword}' },
    }),
    isA: (req) => bearerIs(req, 'apify_a'),
    refusal: () =>
      Response.json(
        { error: { type: 'rate-limit-exceeded', message: 'You have exceeded the rate limit' } },
        { status: 429, headers: { 'retry-after': '600' } },
      ),
    served: () => Response.json([]),
  },
  {
    // Reddit's Data API rules: per OAuth client; X-Ratelimit-Reset in seconds. The fake approves both apps.
    platform: 'reddit',
    settings: (w, origin) => ({ ...redditSettings(origin), client_id: `app-${w}` }),
    isA: (req) => req.headers.get('authorization') === 'bearer token-app-a',
    gate: (req) => {
      if (req.url.pathname !== '/api/v1/access_token') return undefined
      const client = Buffer.from((req.headers.get('authorization') ?? '').slice(6), 'base64')
        .toString()
        .split(':')[0]
      return Response.json({ access_token: `token-${client}`, token_type: 'bearer', expires_in: 86400, scope: '*' })
    },
    refusal: () => {
      const headers = { 'x-ratelimit-used': '100', 'x-ratelimit-remaining': '0.0', 'x-ratelimit-reset': '600' }
      return Response.json({ message: 'Too Many Requests', error: 429 }, { status: 429, headers })
    },
    served: () => Response.json({ kind: 'Listing', data: { after: null, children: [] } }),
  },
]

async function serversOf(c: Case, secondWith: 'a' | 'b') {
  const sent = { a: 0, b: 0 }
  const platform = fake((req) => {
    const gate = c.gate?.(req)
    if (gate) return gate
    if (c.isA(req)) {
      sent.a++
      return c.refusal()
    }
    sent.b++
    return c.served(req)
  })
  const settings = (w: 'a' | 'b') => ({ [c.platform]: c.settings(w, platform.origin) })
  const [first, second] = await twoServers(settings('a'), settings(secondWith))
  const refused = await first.searches.search(c.platform, 'crm', 10).catch((e: any) => e)
  expect(refused.extra.retryAfterSec).toBeGreaterThan(c.minWaitSec ?? 500)
  expect(sent.a).toBe(1)
  return { sent, first, second }
}

describe("a 429 holds the credentials it was met with, on every server, and not another's", () => {
  for (const c of CASES) {
    test(`${c.platform}: another server with the same credentials is refused unsent`, async () => {
      const { sent, second } = await serversOf(c, 'a')
      const err = await searchRefused(second, c.platform)
      expect(err.extra.retryAfterSec).toBeGreaterThan(c.minWaitSec ?? 500)
      // Through the server's searches too, and before its budget is charged: only the first search's requests count.
      const charged = async () => (await second.repos.platformBudgets.list()).find((b) => b.platform === c.platform)
      const before = (await charged())?.used
      const viaRunner = await second.searches.search(c.platform, 'crm', 10).catch((e: any) => e)
      expect(viaRunner.kind).toBe('platform_budget_exhausted')
      expect((await charged())?.used).toBe(before)
      expect(sent.a).toBe(1)
    })

    test(`${c.platform}: another server with other credentials searches on`, async () => {
      const { sent, second } = await serversOf(c, 'b')
      expect(await second.searches.search(c.platform, 'crm', 10)).toEqual([])
      expect(sent.b).toBe(1)
    })
  }
})

test('bluesky: a 429 of the PDS holds another server on this machine with another account too, unsent', async () => {
  // docs.bsky.app, "Rate Limits": the PDS counts every endpoint's requests per IP address (3000 per 5 minutes), and
  // answers past it with 429 and the IETF draft's headers (ratelimit-reset: epoch seconds).
  let searches = 0
  const pds = fake((req) => {
    if (req.url.pathname === '/xrpc/com.atproto.server.createSession') {
      const { identifier } = JSON.parse(req.body)
      return Response.json({ accessJwt: `access-${identifier}`, refreshJwt: 'r', handle: identifier, did: 'did:plc:x' })
    }
    searches++
    const headers = { 'ratelimit-limit': '3000', 'ratelimit-remaining': '0', ...resetIn('ratelimit-reset', 600) }
    return Response.json({ error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' }, { status: 429, headers })
  })
  const account = (identifier: string) => ({
    bluesky: { base_url: pds.origin, identifier, app_password: 'abcd-efgh-ijkl-mnop' },
  })
  const [first, second] = await twoServers(account('a.bsky.social'), account('b.bsky.social'))
  const refused = await first.searches.search('bluesky', 'crm', 10).catch((e: any) => e)
  expect(refused.extra.retryAfterSec).toBeGreaterThan(500)
  const err = await searchRefused(second, 'bluesky')
  expect(err.extra.retryAfterSec).toBeGreaterThan(500)
  expect(searches).toBe(1)
})
