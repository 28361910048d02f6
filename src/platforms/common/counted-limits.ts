import type { Source } from '../../config/platform-names'
import type { Config } from '../../config/schema'
import type { PlatformConnector } from '../types'
import { sharedPause } from './rate-limit'
import { type PauseBoard, pauseKey } from './shared-pauses'

// docs/platforms.md#rate-limits: what each platform whose connector keeps no pause of its own counts its limit by,
// as its documentation says: a credential (hashed into the key by pauseKey, never stored), or the address the calls
// come from (perMachine). A refusal then holds the servers calling with the same, and no other.
type CountedBy = (platforms: Config['platforms']) => { url: string | undefined; credentials: string }

const COUNTED_BY: Partial<Record<Source, CountedBy>> = {
  // developers.google.com/youtube/v3/getting-started#quota: the quota is the Google Cloud project's, and the API key
  // the calls carry is the project's (two keys of one project share its quota, not the pause).
  youtube: (p) => ({ url: p.youtube.base_url, credentials: p.youtube.api_key }),
}

/**
 * `connector`, when it keeps no pause and its platform's count is known (COUNTED_BY), with a pause for that count on
 * `board`: a rate-limit refusal of a search (an upstream_error with its wait) holds the searches of every server on
 * the database calling with the same, each refused unsent and uncharged until then; not the platform's retry time,
 * which would hold every server whatever it calls with.
 */
export function heldAsCounted(
  source: Source,
  connector: PlatformConnector,
  platforms: Config['platforms'],
  board?: PauseBoard,
): PlatformConnector {
  const countedBy = COUNTED_BY[source]
  if (connector.pause || !countedBy) return connector
  const { url, credentials } = countedBy(platforms)
  const pause = sharedPause(
    (wait, why) => `${source} asked us to wait (${why}): wait ${wait} s before searching again`,
    source,
    pauseKey(source, url, credentials),
    board,
  )
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
