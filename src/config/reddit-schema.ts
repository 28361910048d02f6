import * as v from 'valibot'
import { hostUrl } from './fields'
import { DAY, providerEntries, secret } from './provider-schema'
import { redditStream } from './stream-schema'

/**
 * Reddit (docs/platforms.md#reddit) by its own API, which refuses searches without OAuth and wants a User-Agent naming
 * the app and its developer: once either credential is set, every key the connector needs must be. Or, without an
 * approved app, by an Apify actor (`provider = "apify"`, `actor`, `token`), which then also gets the providers'
 * defaults (Apify's address, a longer wait, a day's budget of runs). `provider` wins when both are set.
 */
export function reddit() {
  const REQUIRED = ['client_id', 'client_secret', 'app_id', 'username'] as const
  const entries = {
    base_url: v.optional(hostUrl),
    timeout_ms: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600_000))),
    budget_requests: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000_000))),
    budget_window_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31 * DAY))),
    client_id: secret,
    client_secret: secret,
    // Reddit's form is <platform>:<app id>:<version> (by /u/<username>): neither may hold spaces or colons.
    app_id: v.optional(
      v.pipe(v.string(), v.regex(/^[A-Za-z0-9._~-]*$/, 'must be letters, digits and . _ ~ - only')),
      '',
    ),
    username: v.optional(
      v.pipe(
        v.string(),
        v.transform((s) => s.trim().replace(/^\/?u\//, '')),
        v.regex(/^([A-Za-z0-9_-]{3,20})?$/, 'must be a Reddit username (3 to 20 letters, digits, _ or -)'),
      ),
      '',
    ),
    auth_url: v.optional(hostUrl, 'https://www.reddit.com'),
    ...providerEntries,
    provider: v.optional(v.picklist(['apify'])),
    ...redditStream(),
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
