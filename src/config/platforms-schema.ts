import * as v from 'valibot'
import { httpUrl, timeoutMs } from './fields'

// The `[platforms.*]` tables of the configuration, one per connector (docs/operations.md#platforms-settings).

/**
 * docs/platforms.md#budgets: the requests this server may send a platform per window, shared by live searches and
 * polling. Each default follows the platform's published limit (or, where it bills per call, a modest day).
 */
type Budget = { requests: number; windowSeconds: number }
const DAY = 86_400
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
    base_url: v.optional(httpUrl, defaultUrl),
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
const secret = v.optional(v.string(), '')
// docs/platforms.md#mastodon: a token is valid only on the instance that issued it, so there is no default instance.
const mastodon = () =>
  v.optional(
    v.pipe(
      v.strictObject({
        base_url: v.optional(httpUrl),
        timeout_ms: timeoutMs(),
        ...budgetEntries({ requests: 300, windowSeconds: 300 }),
        access_token: secret,
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
type Json = string | number | boolean | Json[] | { [key: string]: Json }
const JsonValue: v.GenericSchema<Json> = v.lazy(() =>
  v.union([v.string(), v.number(), v.boolean(), v.array(JsonValue), v.record(v.string(), JsonValue)]),
)
const providerEntries = {
  provider: v.optional(v.picklist(['apify']), 'apify'),
  actor: secret,
  token: secret,
  // An actor's input is free-form JSON: lists (search queries, hashtags) and nested tables included.
  input: v.optional(v.record(v.string(), JsonValue), {}),
  fields: v.optional(
    v.record(
      v.picklist(['id', 'author', 'content', 'url', 'profileUrl', 'date', 'likes', 'comments', 'shares']),
      v.string(),
    ),
    {},
  ),
}
// A scraping actor's run takes tens of seconds, so these tables wait longer by default.
const provider = () => base('https://api.apify.com', { requests: 100, windowSeconds: DAY }, providerEntries, 120_000)

// docs/operations.md#platforms-settings: one table per connector, `base_url` defaulting to the platform's public API host.
export const Platforms = v.strictObject({
  // X bills every post read: a modest day rather than the 450 requests per 15 minutes it would allow.
  twitter: base('https://api.x.com', { requests: 100, windowSeconds: DAY }, { bearer_token: secret }),
  reddit: reddit(),
  // search.list has its own bucket of 100 calls a day per project.
  youtube: base('https://www.googleapis.com', { requests: 100, windowSeconds: DAY }, { api_key: secret }),
  hackernews: base('https://hn.algolia.com', { requests: 10_000, windowSeconds: 3600 }),
  bluesky: base(
    'https://bsky.social',
    { requests: 3000, windowSeconds: 300 },
    { identifier: secret, app_password: secret },
  ),
  // 300 requests a day per address without a key (10,000 with one: raise the budget when you set it).
  stackoverflow: base(
    'https://api.stackexchange.com',
    { requests: 300, windowSeconds: DAY },
    { key: secret, site: v.optional(v.string(), 'stackoverflow') },
  ),
  medium: base('https://medium.com', { requests: 120, windowSeconds: 3600 }),
  substack: base('https://substack.com', { requests: 120, windowSeconds: 3600 }),
  // Issue search: 10 requests a minute without a token, 30 with one.
  github: base('https://api.github.com', { requests: 10, windowSeconds: 60 }, { token: secret }),
  // Forem allows 3 API requests a second; each search reads every article it returns (docs/platforms.md#devto).
  devto: base('https://dev.to', { requests: 10_800, windowSeconds: 3600 }, { api_key: secret }),
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

/**
 * Reddit (docs/platforms.md#reddit) by its own API, which refuses searches without OAuth and wants a User-Agent naming
 * the app and its developer: once either credential is set, every key the connector needs must be. Or, without an
 * approved app, by an Apify actor (`provider = "apify"`, `actor`, `token`), which then also gets the providers'
 * defaults (Apify's address, a longer wait, a day's budget of runs). `provider` wins when both are set.
 */
function reddit() {
  const REQUIRED = ['client_id', 'client_secret', 'app_id', 'username'] as const
  const entries = {
    base_url: v.optional(httpUrl),
    timeout_ms: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600_000))),
    budget_requests: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000_000))),
    budget_window_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31 * DAY))),
    client_id: secret,
    client_secret: secret,
    // Reddit's form is <platform>:<app id>:<version> (by /u/<username>): neither may hold spaces or colons.
    app_id: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._~-]*$/, 'letters, digits and . _ ~ - only')), ''),
    username: v.optional(
      v.pipe(
        v.string(),
        v.transform((s) => s.trim().replace(/^\/?u\//, '')),
        v.regex(/^([A-Za-z0-9_-]{3,20})?$/, 'a Reddit username (3 to 20 letters, digits, _ or -)'),
      ),
      '',
    ),
    auth_url: v.optional(httpUrl, 'https://www.reddit.com'),
    ...providerEntries,
    provider: v.optional(v.picklist(['apify'])),
  }
  const plain = v.strictObject(entries)
  type Reddit = v.InferOutput<typeof plain>
  const needed = <K extends (typeof REQUIRED)[number]>(key: K) =>
    v.forward<Reddit, v.CheckIssue<Reddit>, [K]>(
      v.check(
        (t) => !(t.client_id.trim() || t.client_secret.trim()) || t[key].trim() !== '',
        'required once client_id or client_secret is set (Reddit needs OAuth credentials and a User-Agent naming the app id and your username)',
      ),
      [key],
    )
  const forApify = <K extends 'actor' | 'token'>(key: K) =>
    v.forward<Reddit, v.CheckIssue<Reddit>, [K]>(
      v.check((t) => t.provider !== 'apify' || t[key].trim() !== '', 'required with provider = "apify"'),
      [key],
    )
  const checked = v.pipe(
    v.pipe(plain, ...REQUIRED.map(needed), forApify('actor'), forApify('token')),
    v.transform((t: Reddit) => {
      const apify = t.provider === 'apify'
      return {
        ...t,
        base_url: t.base_url ?? (apify ? 'https://api.apify.com' : 'https://oauth.reddit.com'),
        timeout_ms: t.timeout_ms ?? (apify ? 120_000 : 10_000),
        // Reddit's free tier: 100 requests a minute; an actor's runs cost money: 100 a day, as the providers.
        budget_requests: t.budget_requests ?? 100,
        budget_window_seconds: t.budget_window_seconds ?? (apify ? DAY : 60),
      }
    }),
  )
  return v.optional(checked, {})
}

/** Whether Reddit can be searched: by an approved app's credentials, or by an Apify actor. */
export function redditReady(t: v.InferOutput<ReturnType<typeof reddit>>): boolean {
  const set = (x: string) => x.trim() !== ''
  if (t.provider === 'apify') return set(t.actor) && set(t.token)
  return set(t.client_id) && set(t.client_secret) && set(t.app_id) && set(t.username)
}
