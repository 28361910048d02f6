import * as v from 'valibot'
import { hostUrl, httpUrl, timeoutMs } from './fields'
import { DAY, providerEntries, secret } from './provider-schema'
import { reddit } from './reddit-schema'
import { httpStream, jetstream, mastodonStream } from './stream-schema'

// The `[platforms.*]` tables of the configuration, one per connector (docs/operations.md#platforms-settings).

/**
 * docs/platforms.md#budgets: the requests this server may send a platform per window, shared by live searches and
 * polling. Each default follows the platform's published limit (or, where it bills per call, a modest day).
 */
type Budget = { requests: number; windowSeconds: number }
const budgetEntries = (b: Budget) => ({
  budget_requests: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000_000)), b.requests),
  budget_window_seconds: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31 * DAY)),
    b.windowSeconds,
  ),
})

// Generic over the extra entries so each platform's table keeps its own typed keys.
const table = <E extends v.ObjectEntries>(defaultUrl: string, budget: Budget, extra: E, timeout: number) =>
  v.strictObject({
    base_url: v.optional(hostUrl, defaultUrl),
    timeout_ms: timeoutMs(timeout),
    ...budgetEntries(budget),
    ...extra,
  })
function base<E extends v.ObjectEntries = Record<never, never>>(
  defaultUrl: string,
  budget: Budget,
  extra: E = {} as E,
  timeout = 10_000,
) {
  const t = table(defaultUrl, budget, extra, timeout)
  // Every key of a table has a default, so an absent table is an empty one.
  return v.optional(t, {} as v.InferInput<typeof t>)
}
// A SearXNG instance is the operator's own: no default, so the network is not configured until one is set.
const searxng = () =>
  v.optional(
    v.strictObject({
      base_url: v.optional(httpUrl),
      timeout_ms: timeoutMs(),
      ...budgetEntries({ requests: 600, windowSeconds: 3600 }),
      // SearXNG's limiter allows 4 JSON requests an hour per address (docs/platforms.md#internet-and-indiehacker):
      // one page a search unless the instance lets this server through.
      max_pages: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6)), 1),
    }),
    {},
  )
// docs/platforms.md#mastodon: a token is valid only on the instance that issued it, so there is no default instance.
const mastodon = () =>
  v.optional(
    v.pipe(
      v.strictObject({
        base_url: v.optional(hostUrl),
        timeout_ms: timeoutMs(),
        ...budgetEntries({ requests: 300, windowSeconds: 300 }),
        access_token: secret,
        ...mastodonStream(),
      }),
      v.forward(
        v.check(
          (t) => !t.access_token.trim() || t.base_url !== undefined,
          'required with access_token: the address of the instance that issued the token (e.g. https://fosstodon.org)',
        ),
        ['base_url'],
      ),
    ),
    {},
  )
// A scraping actor's run takes tens of seconds, so these tables wait longer by default.
const provider = () => base('https://api.apify.com', { requests: 100, windowSeconds: DAY }, providerEntries, 120_000)

/** The public search addresses of the platforms whose stream a moved `base_url` changes (stream-follows-search.ts). */
export const PUBLIC_SEARCH_URLS = {
  hackernews: 'https://hn.algolia.com',
  stackoverflow: 'https://api.stackexchange.com',
  devto: 'https://dev.to',
} as const

// docs/operations.md#platforms-settings: one table per connector, `base_url` defaulting to the platform's public API
// host.
export const Platforms = v.strictObject({
  // X bills every post read: a modest day rather than the 450 requests per 15 minutes it would allow.
  twitter: base('https://api.x.com', { requests: 100, windowSeconds: DAY }, { bearer_token: secret }),
  reddit: reddit(),
  // search.list has its own bucket of 100 calls a day per project.
  youtube: base('https://www.googleapis.com', { requests: 100, windowSeconds: DAY }, { api_key: secret }),
  hackernews: base(
    PUBLIC_SEARCH_URLS.hackernews,
    { requests: 10_000, windowSeconds: 3600 },
    // Firebase's root is read with its path (/v0): httpUrl, not hostUrl.
    httpStream('stream', 'https://hacker-news.firebaseio.com/v0', httpUrl),
  ),
  bluesky: base(
    'https://bsky.social',
    { requests: 3000, windowSeconds: 300 },
    {
      identifier: secret,
      app_password: secret,
      // Where the handles of streamed posts' authors are asked (docs/streams.md#author-names); empty: nowhere.
      appview_url: v.optional(v.union([v.literal(''), hostUrl]), 'https://public.api.bsky.app'),
      ...jetstream('stream', [
        'wss://jetstream1.us-east.bsky.network/subscribe',
        'wss://jetstream2.us-east.bsky.network/subscribe',
      ]),
    },
  ),
  // 300 requests a day per address without a key (10,000 with one: raise the budget when you set it).
  stackoverflow: base(
    PUBLIC_SEARCH_URLS.stackoverflow,
    { requests: 300, windowSeconds: DAY },
    {
      key: secret,
      site: v.optional(v.string(), 'stackoverflow'),
      ...httpStream('stream', PUBLIC_SEARCH_URLS.stackoverflow),
    },
  ),
  medium: base('https://medium.com', { requests: 120, windowSeconds: 3600 }),
  substack: base('https://substack.com', { requests: 120, windowSeconds: 3600 }),
  // Issue search: 10 requests a minute without a token, 30 with one.
  github: base('https://api.github.com', { requests: 10, windowSeconds: 60 }, { token: secret }),
  // Forem allows 3 API requests a second; each search reads every article it returns (docs/platforms.md#devto).
  devto: base(
    PUBLIC_SEARCH_URLS.devto,
    { requests: 10_800, windowSeconds: 3600 },
    { api_key: secret, ...httpStream('stream', PUBLIC_SEARCH_URLS.devto) },
  ),
  mastodon: mastodon(),
  // 6,250 complexity points per 15 minutes; one read of the newest launches is a few pages.
  producthunt: base('https://api.producthunt.com', { requests: 50, windowSeconds: 900 }, { token: secret }),
  news: base('https://news.google.com', { requests: 120, windowSeconds: 3600 }),
  internet: searxng(),
  indiehacker: searxng(),
  linkedin: provider(),
  facebook: provider(),
  instagram: provider(),
  tiktok: provider(),
  quora: provider(),
  pinterest: provider(),
  g2: provider(),
})
