import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { REDDIT_ACCESS_STEPS } from '../configured'
import { fetchPlatformJson } from '../http'
import { UpstreamStatusError } from '../upstream-errors'
import { NAMED_WAIT_MAX_SEC } from '../stream'

/** A token is renewed this long before Reddit says it expires (or at half its life, if that comes first). */
export const EXPIRY_MARGIN_MS = 60_000

// Application-only OAuth (reddit wiki "OAuth2", prawcore ReadOnlyAuthorizer): POST /api/v1/access_token with HTTP
// Basic client_id:client_secret and grant_type=client_credentials → { access_token, token_type: "bearer", expires_in,
// scope }. A refused grant may come back as 200 with { error: "…" }, so the answer is checked, not only the status.
const TokenAnswer = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  expires_in: v.pipe(v.number(), v.minValue(1)),
})

type Token = { value: string; expiresAt: number }

/**
 * The connector's one app token, shared by every search until shortly before it expires. Concurrent searches share one
 * token call; a failed call is forgotten so the next search tries again. The token call runs without the caller's
 * abort signal: it serves every search, not only the one that started it. `now` is injectable for tests.
 */
export function createTokenKeeper(
  config: Config['platforms']['reddit'],
  log: Logger,
  now: () => number,
  userAgent: string,
) {
  // The token being fetched or in use; `token` is set once the call has answered.
  let entry: { promise: Promise<Token>; token?: Token } | undefined

  async function obtain(): Promise<Token> {
    const requestedAt = now()
    const basic = Buffer.from(`${config.client_id.trim()}:${config.client_secret.trim()}`).toString('base64')
    const body = await fetchPlatformJson({
      platform: 'reddit',
      url: new URL('/api/v1/access_token', config.auth_url),
      form: new URLSearchParams({ grant_type: 'client_credentials' }),
      headers: { authorization: `Basic ${basic}`, 'user-agent': userAgent },
      timeoutMs: config.timeout_ms,
      // The app's limit, as its API calls': a wait of days is not Reddit's 10-minute window (reddit/api.ts).
      longestWaitSec: NAMED_WAIT_MAX_SEC,
    }).catch((err) => {
      // An app Reddit does not (or no longer) approve: say what access takes now, not only "401". A 403 read as a
      // rate limit (it names a wait) keeps that wait, which holds the app's calls (reddit/api.ts).
      if (!(err instanceof UpstreamStatusError) || !err.refusedCredentials) throw err
      throw new UpstreamStatusError(
        err.status,
        `reddit refused the app's credentials (${err.status}). ${REDDIT_ACCESS_STEPS}`,
      )
    })
    const parsed = v.safeParse(TokenAnswer, body)
    if (!parsed.success) {
      const error = typeof (body as { error?: unknown })?.error === 'string' ? (body as { error: string }).error : ''
      // Reddit's error codes (invalid_grant, unsupported_grant_type) are short words, never a credential.
      const why = /^[a-z_]{1,40}$/.test(error) ? ` (${error})` : ''
      throw new UpstreamStatusError(401, `reddit refused the app credentials or sent no access token${why}`)
    }
    log.info('platform_login', { platform: 'reddit' })
    const lifeMs = parsed.output.expires_in * 1000
    return {
      value: parsed.output.access_token,
      expiresAt: requestedAt + lifeMs - Math.min(EXPIRY_MARGIN_MS, lifeMs / 2),
    }
  }

  return {
    /** A token that is valid now, asking Reddit for one when there is none or the last one is about to expire. */
    async get(): Promise<string> {
      if (!entry || (entry.token && now() >= entry.token.expiresAt)) {
        const e: NonNullable<typeof entry> = { promise: obtain() }
        entry = e
        e.promise.then(
          (t) => {
            e.token = t
          },
          () => {
            if (entry === e) entry = undefined
          },
        )
      }
      return (await entry.promise).value
    },
    /** After a 401 with `value` (revoked or expired early): the next get() asks for a new token. */
    forget(value: string) {
      if (entry?.token?.value === value) entry = undefined
    },
  }
}
