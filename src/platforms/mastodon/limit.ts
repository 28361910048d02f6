import type { Config } from '../../config/schema'
import { fetchPlatformJson } from '../http'
import { spentLimit } from '../common/credential-pauses'
import { pauseKey, type PlatformShared } from '../common/shared-pauses'
import { NAMED_WAIT_MAX_SEC } from '../stream'

/**
 * The instance's request limit for the token (docs.joinmastodon.org/api/rate-limits: per account), one for the
 * searches and the stream's timeline reads of every process (common/shared-pauses.ts).
 */
export const mastodonLimit = (config: Config['platforms']['mastodon'], shared: PlatformShared) =>
  spentLimit(
    "mastodon's request limit is spent",
    'mastodon',
    pauseKey('mastodon', config.base_url, config.access_token),
    shared.pauses,
    // Its windows are 5 minutes (30 for uploads and deletions): a wait of days is not its limit
    // (docs/streams.md#outages).
    NAMED_WAIT_MAX_SEC,
  )

/**
 * A GET of the instance's API with the token, the stream's timeline reads: refused unsent while the token's limit is
 * spent or a 429 holds it, and each answer's X-RateLimit headers heard (mastodonLimit), as the searches' are.
 */
export function mastodonGet(config: Config['platforms']['mastodon'], shared: PlatformShared) {
  const limit = mastodonLimit(config, shared)
  const headers = { authorization: `Bearer ${config.access_token.trim()}` }
  return async (url: URL, signal: AbortSignal) => {
    await limit.refuseWhileHeld()
    const timeoutMs = config.timeout_ms
    const longestWaitSec = NAMED_WAIT_MAX_SEC
    return fetchPlatformJson({
      platform: 'mastodon',
      url,
      headers,
      timeoutMs,
      signal,
      heard: limit.heard,
      longestWaitSec,
    }).catch(limit.refused)
  }
}
