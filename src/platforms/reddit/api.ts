import { version } from '../../../package.json'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { fetchPlatformJson } from '../http'
import { UpstreamStatusError } from '../upstream-errors'
import { spentLimit } from '../common/credential-pauses'
import { pauseBoard, pauseKey, type PlatformShared } from '../common/shared-pauses'
import { createTokenKeeper } from './token'
import { NAMED_WAIT_MAX_SEC } from '../stream'

/**
 * Reddit's required form: `<platform>:<app id>:<version> (by /u/<username>)`, e.g. `linux:com.acme.leads:v0.1.0 (by
 * /u/jane)`.
 */
export const redditUserAgent = (config: Pick<Config['platforms']['reddit'], 'app_id' | 'username'>) =>
  `${process.platform}:${config.app_id.trim()}:v${version} (by /u/${config.username.trim()})`

/**
 * A GET of Reddit's API as the approved app (docs/platforms.md#reddit): the User-Agent Reddit's API rules ask for and
 * the app's token on every call. A refused token (401: revoked, or expired before its time) is forgotten and the
 * call made once more with a new one. An answer that says no request remains (X-Ratelimit-Remaining below 1) holds
 * every call until its X-Ratelimit-Reset: each is refused unsent, 503 platform_budget_exhausted with the seconds left
 * (docs/platforms.md#rate-limits); `pause` is that wait (its `secondsLeft`, 0 or less when none). A 429 holds them
 * until the time it named alike, the token call's as the API's. Reddit counts its limit per OAuth client: the pause is
 * the app's, for the searches and the stream of every process (`shared`). `now` is injectable for tests.
 */
export function createRedditGet(
  config: Config['platforms']['reddit'],
  log: Logger,
  now: () => number = Date.now,
  shared: PlatformShared = {},
) {
  const userAgent = redditUserAgent(config)
  const tokens = createTokenKeeper(config, log, now, userAgent)
  const key = pauseKey('reddit', config.base_url, config.client_id)
  const pause = spentLimit(
    "reddit's request limit is spent",
    'reddit',
    key,
    shared.pauses ?? pauseBoard(undefined, undefined, now),
    // Reddit's window is 10 minutes: a wait of days is not its limit (docs/streams.md#outages).
    NAMED_WAIT_MAX_SEC,
  )
  const get = (url: URL, signal: AbortSignal | undefined, token: string) =>
    fetchPlatformJson({
      platform: 'reddit',
      url,
      timeoutMs: config.timeout_ms,
      signal,
      headers: { 'user-agent': userAgent, authorization: `bearer ${token}` },
      heard: pause.heard,
      longestWaitSec: NAMED_WAIT_MAX_SEC,
    })
  const signedIn = async (url: URL, signal?: AbortSignal): Promise<unknown> => {
    const token = await tokens.get()
    try {
      return await get(url, signal, token)
    } catch (err) {
      if (!(err instanceof UpstreamStatusError && err.status === 401)) throw err
      tokens.forget(token)
      return get(url, signal, await tokens.get())
    }
  }
  // The token call is the app's request too (HTTP Basic with its client id): its 429 holds the app's calls, as the
  // API's does, rather than becoming the platform's retry time, which would hold every app.
  const call = async (url: URL, signal?: AbortSignal): Promise<unknown> => {
    await pause.refuseWhileHeld()
    return signedIn(url, signal).catch(pause.refused)
  }
  return Object.assign(call, { pause })
}
