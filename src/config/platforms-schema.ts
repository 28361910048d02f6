import * as v from 'valibot'
import { httpUrl, timeoutMs } from './fields'

// The `[platforms.*]` tables of the configuration, one per connector (docs/operations.md#platforms-settings).

// Generic over the extra entries so each platform's table keeps its own typed keys.
function base<E extends v.ObjectEntries = Record<never, never>>(
  defaultUrl: string,
  extra: E = {} as E,
  timeout = 10_000,
) {
  const table = v.strictObject({ base_url: v.optional(httpUrl, defaultUrl), timeout_ms: timeoutMs(timeout), ...extra })
  // Every key of a table has a default, so an absent table is an empty one.
  return v.optional(table, {} as v.InferInput<typeof table>)
}
// A SearXNG instance is the operator's own: no default, so the network is not configured until one is set.
const searxng = () => v.optional(v.strictObject({ base_url: v.optional(httpUrl), timeout_ms: timeoutMs() }), {})
const secret = v.optional(v.string(), '')
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
const provider = () => base('https://api.apify.com', providerEntries, 120_000)

// docs/operations.md#platforms-settings: one table per connector, `base_url` defaulting to the platform's public API host.
export const Platforms = v.strictObject({
  twitter: base('https://api.x.com', { bearer_token: secret }),
  reddit: base('https://oauth.reddit.com', {
    client_id: secret,
    client_secret: secret,
    user_agent: v.optional(v.string(), 'lead-signals/0.1 (self-hosted social listening)'),
    auth_url: v.optional(httpUrl, 'https://www.reddit.com'),
    public_url: v.optional(httpUrl, 'https://www.reddit.com'),
  }),
  youtube: base('https://www.googleapis.com', { api_key: secret }),
  hackernews: base('https://hn.algolia.com'),
  bluesky: base('https://bsky.social', { identifier: secret, app_password: secret }),
  stackoverflow: base('https://api.stackexchange.com', { key: secret, site: v.optional(v.string(), 'stackoverflow') }),
  medium: base('https://medium.com'),
  substack: base('https://substack.com'),
  github: base('https://api.github.com', { token: secret }),
  devto: base('https://dev.to', { api_key: secret }),
  mastodon: base('https://mastodon.social', { access_token: secret }),
  producthunt: base('https://api.producthunt.com', { token: secret }),
  news: base('https://news.google.com'),
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
