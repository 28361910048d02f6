import type { Source } from '../../config/platform-names'
import type { Config } from '../../config/schema'
import { PROVIDER_PLATFORMS } from '../provider/connector'
import type { PlatformConnector } from '../types'
import { sharedPause } from './credential-pauses'
import { type PauseBoard, pauseKey, perMachine } from './shared-pauses'

// docs/platforms.md#rate-limits: what each platform whose connector keeps no pause of its own counts its limit by,
// as its documentation says: a credential (hashed into the key by pauseKey, never stored), or the address the calls
// come from (perMachine). A refusal then holds the servers calling with the same, and no other.
type CountedBy = {
  [S in Source]?: (table: Config['platforms'][S]) => { scope: string; url?: string; credentials: string }
}

/** A limit of the address the calls come from, at the host a platform's base_url names (`scope`: whose limit). */
const byAddress = (scope: string) => (table: { base_url?: string }) => ({
  scope,
  url: table.base_url,
  credentials: perMachine(''),
})

/**
 * An Apify actor's runs (the providers, Reddit through Apify): docs.apify.com/api/v2 counts its global rate limit per
 * user, whose token the runs carry, whichever actor or platform (two tokens of one user share it, not the pause).
 */
const byApifyToken = (table: { base_url?: string; token: string }) => ({
  scope: 'apify',
  url: table.base_url,
  credentials: table.token,
})

const COUNTED_BY: CountedBy = {
  // developers.google.com/youtube/v3/getting-started#quota: the quota is the Google Cloud project's, and the API key
  // the calls carry is the project's (two keys of one project share its quota, not the pause).
  youtube: (t) => ({ scope: 'youtube', url: t.base_url, credentials: t.api_key }),
  // A SearXNG instance's limiter counts each client address, whichever network (internet, indiehacker) asks.
  internet: byAddress('searxng'),
  indiehacker: byAddress('searxng'),
  // Forem's throttles (its Rack::Attack rules) count the search route's and the API's reads per client address, with
  // or without an api-key.
  devto: byAddress('devto'),
  // hn.algolia.com/api: the search API limits each IP address's requests.
  hackernews: byAddress('hackernews'),
  // Medium's feeds, Substack's search and Google News' RSS take no credentials: only the address can be counted.
  medium: byAddress('medium'),
  substack: byAddress('substack'),
  news: byAddress('news'),
  // Reddit's own API keeps its pause (reddit/api.ts); this is Reddit through Apify.
  reddit: byApifyToken,
  ...Object.fromEntries(PROVIDER_PLATFORMS.map((p) => [p, byApifyToken])),
}

/**
 * The pause of `source`'s limit as its platform counts it (COUNTED_BY), on `board`; undefined for a platform whose
 * count is not listed. `refuseWhileHeld` answers 503 platform_budget_exhausted with the seconds left, and `refusal`'s
 * message.
 */
export function countedPause<S extends Source>(
  source: S,
  table: Config['platforms'][S],
  board?: PauseBoard,
  refusal = (wait: number, why: string) => `${source} asked us to wait (${why}): wait ${wait} s before searching again`,
) {
  const countedBy = COUNTED_BY[source] as
    | ((t: Config['platforms'][S]) => ReturnType<NonNullable<CountedBy[S]>>)
    | undefined
  if (!countedBy) return undefined
  const { scope, url, credentials } = countedBy(table)
  return sharedPause(refusal, source, pauseKey(scope, url, credentials), board)
}

/**
 * `connector`, when it keeps no pause and its platform's count is known, with that pause (countedPause): a rate-limit
 * refusal of a search (an upstream_error with its wait) holds the searches of every server on the database calling
 * with the same, each refused unsent and uncharged until then; not the platform's retry time, which would hold every
 * server whatever it calls with.
 */
export function heldAsCounted(
  source: Source,
  connector: PlatformConnector,
  platforms: Config['platforms'],
  board?: PauseBoard,
): PlatformConnector {
  const pause = connector.pause ? undefined : countedPause(source, platforms[source], board)
  if (!pause) return connector
  const search = connector.search.bind(connector)
  return {
    ...connector,
    pause,
    async search(keyword, limit, signal) {
      await pause.refuseWhileHeld()
      return search(keyword, limit, signal).catch(pause.refused)
    },
  }
}
