import { sha256Hex } from '../../lib/hash'
import { createRateWindow } from '../../lib/rate-window'
import type { Needs } from '../needs'
import { justReplaced } from './rotation-grace'

/**
 * Refreshes one token family may make in 10 minutes (docs/security.md#what-is-bounded). Each writes an access and a
 * refresh token that are kept while the family lives, and a thief rotating a stolen refresh token is noticed only
 * when the client comes back (RFC 9700 §4.14.2), so without a bound one token could write thousands of rows a minute.
 * A client refreshes once per access token (an hour by default, a minute at the least: 10 in 10 minutes), plus the
 * few requests that find it expired at once (docs/oauth.md#tokens): 30 leaves room for both.
 */
export const REFRESHES_PER_FAMILY = 30
const WINDOW_MS = 600_000

type Taken = { wait: number } | { release: () => void }

/** The bound per family, in this process's memory; a refresh that is not answered with tokens gives its place back. */
export function createRefreshBound(deps: Needs<'clock', 'oauth'>) {
  const window = createRateWindow(REFRESHES_PER_FAMILY, WINDOW_MS)
  return async (form: Record<string, string | undefined>): Promise<Taken> => {
    const none = { release: () => {} }
    if (form.grant_type !== 'refresh_token' || !form.refresh_token) return none
    const found = await deps.repos.oauth.findToken(sha256Hex(form.refresh_token), 'refresh')
    const at = deps.clock.now().getTime()
    // A replay goes on to end its family, whatever the count; an unknown token to invalid_grant.
    if (!found || (found.token.usedAt !== null && !(await justReplaced(deps, found.token, at)))) return none
    const family = found.token.familyId
    const wait = window.take(family, at)
    return wait === undefined ? { release: () => window.release(family, at) } : { wait }
  }
}
