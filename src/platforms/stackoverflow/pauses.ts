import type { Config } from '../../config/schema'
import { sharedPause } from '../common/credential-pauses'
import { pauseKey, perMachine, type PlatformShared } from '../common/shared-pauses'

// The waits Stack Exchange asks for (a throttle broken, the daily quota spent, a method's backoff) and the words of a
// refusal, apart from connector.ts: the searches and the stream (stream.ts) hold the same pauses.

const refusal = (wait: number, why: string) =>
  `stackoverflow asked for a pause (${why}): wait ${wait} s before searching again`

/** A refusal in the wrapper (docs/error-handling) in a few words: its id, name and the start of its message. */
export function refusalMessage(w: { error_id?: number; error_name?: string; error_message?: string }) {
  const what = [w.error_name, w.error_message?.slice(0, 200)].filter(Boolean).join(': ')
  return `stackoverflow answered with error ${w.error_id}${what ? ` (${what})` : ''}`
}

// docs/error-handling: error_id 502 (throttle_violation), a throttle broken; its message says when ("more requests
// available in N seconds"). Without a number, the ban's usual length (docs/throttle: a few minutes) at its long end.
const THROTTLE_ID = 502
const THROTTLE_DEFAULT_SEC = 300
export const QUOTA_SPENT_SEC = 3600
export const QUOTA_DAY_SEC = 86_400

/**
 * docs/throttle: a spent daily quota refuses every call until it renews, a time no answer names until refused
 * (throttle_violation, with the seconds): the next page would lose this one, so the searches and the stream wait an
 * hour and then ask once more (docs/platforms.md#stackoverflow). Without an access token the quota is the address's,
 * shared by every application calling from it whatever its key, so the wait is every process's here. Its day starts
 * with the call that opens it (Stack Apps' account), not at a fixed hour: a longer wait (a proxy's) is kept a day.
 */
export const quotaPause = (config: Config['platforms']['stackoverflow'], shared: PlatformShared) =>
  sharedPause(refusal, 'stackoverflow', pauseKey('stackoverflow', config.base_url, perMachine('')), shared.pauses, {
    longestSec: QUOTA_DAY_SEC,
  })

/**
 * docs/throttle: besides the quota, a dynamic throttle per method: an answer's `backoff` asks the application to call
 * the same method again only once that many seconds have passed. The application is its key, calling from its
 * address, so the wait holds every process here with that key calling `method`
 * (the searches and `platforms check`; the streams, on /questions), never another method
 * (docs/platforms.md#stackoverflow).
 */
export const backoffPause = (config: Config['platforms']['stackoverflow'], shared: PlatformShared, method: string) =>
  sharedPause(
    refusal,
    'stackoverflow',
    `${pauseKey('stackoverflow', config.base_url, perMachine(config.key))} ${method}`,
    shared.pauses,
  )

/** The wait a throttle_violation asks for, in seconds; undefined for any other error. */
export function throttleWaitSec(w: {
  error_id?: number
  error_name?: string
  error_message?: string
  backoff?: number
}) {
  if (w.error_id !== THROTTLE_ID && w.error_name !== 'throttle_violation') return undefined
  const said = /available in (\d+) seconds?/i.exec(w.error_message ?? '')
  if (said) return Math.max(1, Number(said[1]))
  return w.backoff && w.backoff > 0 ? w.backoff : THROTTLE_DEFAULT_SEC
}
