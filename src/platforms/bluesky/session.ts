import * as v from 'valibot'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import type { Logger } from '../../lib/log'
import { readEnvelope } from '../common/mapping'
import type { sharedPause } from '../common/credential-pauses'
import { loginLimitOf } from './login-limit'
import { XrpcError, xrpc } from './xrpc'

export type Session = { accessJwt: string; refreshJwt: string; renewal?: Promise<Session> }
const SessionOutput = v.object({ accessJwt: v.string(), refreshJwt: v.string() })

type Pause = ReturnType<typeof sharedPause>

/**
 * The connector's one app-password session, shared by every search. createSession is limited to 30 calls per 5
 * minutes and 300 a day per account, so it runs once and is then renewed with com.atproto.server.refreshSession
 * (Bearer refreshJwt; the answer carries a new pair, the old refresh token is spent). Concurrent callers share one
 * login and one renewal; a failed login or renewal is forgotten so the next search tries again.
 * Login and renewal run without the caller's abort signal: they serve every search, not only the one that started them.
 * `pauses` (docs/platforms.md#rate-limits): the account's, of its logins, which its createSession limit counts: a 429
 * of a login holds the logins of every server with that account, not the searches of one that holds a session; and
 * the address's, which counts every request (a refresh's 429 holds it, and is not followed by a login).
 */
export function createSessionKeeper(
  config: Config['platforms']['bluesky'],
  log: Logger,
  pauses: { account: Pause; address: Pause },
) {
  let current: Promise<Session> | undefined
  const call = (nsid: string, input: unknown, bearer?: string) =>
    xrpc({ baseUrl: config.base_url, nsid, input, bearer, timeoutMs: config.timeout_ms })
  const keep = (p: Promise<Session>) => {
    current = p
    p.catch(() => {
      if (current === p) current = undefined
    })
    return p
  }

  async function login(): Promise<Session> {
    await pauses.account.refuseWhileHeld()
    const body = await call('com.atproto.server.createSession', {
      identifier: config.identifier.trim(),
      password: config.app_password.trim(),
    }).catch(refusedLogin)
    log.info('platform_login', { platform: 'bluesky' })
    return readEnvelope('bluesky', SessionOutput, body, 'a session without tokens')
  }

  /**
   * A login's 429 names the limit it met, once in the log and in the error and pause that source health shows, and
   * holds what that limit counts: the account's logins, or the address's every request. Rethrows any other error.
   */
  async function refusedLogin(err: unknown): Promise<never> {
    if (!(err instanceof XrpcError) || err.status !== 429 || !err.headers) return pauses.account.refused(err)
    const limit = loginLimitOf(err.headers, Date.now())
    log.warn('platform_login_limited', { platform: 'bluesky', limit: limit.words, retryAfterSec: limit.waitSec })
    await pauses[limit.who].hold(limit.waitSec, `a login refused for ${limit.words}`)
    const message = `bluesky refused a login with 429, for ${limit.words}; retry after ${limit.waitSec} s`
    const refused = new XrpcError(429, err.error, message, limit.waitSec)
    refused.extra.loggedAs = 'platform_login_limited'
    throw refused
  }

  async function refresh(stale: Session): Promise<Session> {
    const body = await call('com.atproto.server.refreshSession', null, stale.refreshJwt).catch(pauses.address.refused)
    return readEnvelope('bluesky', SessionOutput, body, 'a refreshed session without tokens')
  }

  return {
    /** Whether a session is held (or being opened): the searches need no login. */
    holdsOne: () => current !== undefined,
    /** While no session is held, the account's sign-in pause: what a search waits for before anything is sent. */
    pause: {
      refuseWhileHeld: async () => (current ? undefined : pauses.account.refuseWhileHeld()),
      secondsLeft: () => (current ? 0 : pauses.account.secondsLeft()),
    },
    /** The current session, logging in when there is none. */
    get: (): Promise<Session> => current ?? keep(login()),
    /** After ExpiredToken with `stale`: refresh it, or log in again when the refresh is refused. */
    renew(stale: Session): Promise<Session> {
      stale.renewal ??= keep(
        refresh(stale).catch((err) => {
          // A refresh refused for the address's limit says nothing of its token; a login now would be refused too.
          if (err instanceof AppError && err.extra.retryAfterSec !== undefined) throw err
          log.info('platform_session_refresh_failed', { platform: 'bluesky', err })
          return login()
        }),
      )
      return stale.renewal
    },
    /** After InvalidToken with `stale` (a revoked session): log in again. */
    replace(stale: Session): Promise<Session> {
      stale.renewal ??= keep(login())
      return stale.renewal
    },
  }
}
