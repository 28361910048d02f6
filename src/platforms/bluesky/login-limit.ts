import { retryAfterSecOf } from '../common/rate-limit'

// docs/platforms.md#bluesky: which of Bluesky's limits a login refused with 429 met, and the wait it implies. The PDS
// writes the limit it applied as `ratelimit-policy: <requests>;w=<window seconds>` beside `ratelimit-reset` (epoch
// seconds). createSession is counted per account (30 per 5 minutes, 300 a day; 100 a day at the bsky.social
// entryway) and, as every request, per address (3,000 per 5 minutes).

/**
 * The shortest window of a login limit Bluesky documents: the wait when a refusal names neither a time nor a window.
 */
const LOGIN_WINDOW_SEC = 300
/** More requests than any login limit Bluesky documents allows: the address's limit of every request. */
const ADDRESS_LIMIT_FROM = 1000

export type LoginLimit = { who: 'account' | 'address'; words: string; waitSec: number }

const UNITS: [number, string][] = [
  [86400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
]

/** "a day", "per 5 minutes": a window of whole seconds in the largest unit it is a whole number of. */
function perWindow(seconds: number): string {
  const [size, unit] = UNITS.find(([s]) => seconds % s === 0)!
  const n = seconds / size
  if (n === 1) return unit === 'hour' ? 'an hour' : `a ${unit}`
  return `per ${n} ${unit}s`
}

/** The limit a createSession 429 met, from its headers: who it counts, in words, and the seconds to wait. */
export function loginLimitOf(headers: Headers, now: number): LoginLimit {
  const policy = /^\s*(\d+)\s*;\s*w=(\d+)/.exec(headers.get('ratelimit-policy') ?? '')
  const windowSec = policy && Number(policy[2]) > 0 ? Number(policy[2]) : undefined
  const waitSec = retryAfterSecOf(headers, now) ?? windowSec ?? LOGIN_WINDOW_SEC
  if (!policy || windowSec === undefined) return { who: 'account', words: 'a limit it did not name', waitSec }
  const requests = Number(policy[1])
  const per = perWindow(windowSec)
  if (requests >= ADDRESS_LIMIT_FROM)
    return { who: 'address', words: `this address's ${requests} requests ${per}`, waitSec }
  return { who: 'account', words: `this account's ${requests} logins ${per}`, waitSec }
}
