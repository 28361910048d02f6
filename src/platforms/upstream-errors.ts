import { AppError } from '../errors'
import { retryAfterSeconds } from '../lib/retry-after'
import { unreachableToCaller } from './unreachable-kind'
import {
  type FailedAnswer,
  headerRateLimit,
  type KeptWait,
  keptWait,
  type RateLimitRule,
  retryWords,
} from './common/rate-limit'

// What a platform's failure becomes (docs/api.md#error-codes): an error status, a rate limit with its wait, or no
// answer at all. Apart from the calls (http.ts), which throw these, as do connectors and streams that read a body.

/**
 * A platform's error status, kept so a connector can react to one (a refused token: 401). `refusedCredentials` says
 * the platform refused this server's key or token (`platforms check`: credentials refused): a 401 or 403 unless the
 * connector knows better from the answer (YouTube refuses a key that does not exist with 400).
 */
export class UpstreamStatusError extends AppError {
  /**
   * A 503's Retry-After, in seconds: how long the service expects to be unavailable (RFC 9110 §10.2.3). Not a rate
   * limit, so not `retryAfterSec`, which holds searches: a stream waits it out, up to a bound (platforms/stream.ts).
   */
  unavailableSec?: number
  /** A rate limit whose answer said no request remains: the credentials' limit is spent, not a secondary one. */
  limitSpent?: boolean
  constructor(
    readonly status: number,
    message: string,
    wait?: number | KeptWait,
    readonly refusedCredentials = status === 401 || status === 403,
  ) {
    super('upstream_error', message, typeof wait === 'number' ? { retryAfterSec: wait } : { ...wait })
  }
}

/**
 * A platform that could not be reached at all (no answer, not a refusal): `platforms check` says so. `because` is the
 * network's own error (a name that did not resolve, a refused connection), for the log only; a caller of the API is
 * told its kind in words that name no address (unreachable-kind.ts).
 */
export class PlatformUnreachableError extends AppError {
  constructor(
    message: string,
    readonly because?: unknown,
  ) {
    super('upstream_error', message, { toCaller: unreachableToCaller(message, because) })
  }
}

/**
 * A failed answer as an error: a rate limit (per `rule`, the connector's reading of its platform's limits) carries
 * its wait, at most `longestWaitSec` where the platform documents a short window (keptWait), worded as kept; any
 * other status is a plain 502 upstream_error (docs/api.md#error-codes).
 */
export function failedAnswer(
  platform: string,
  answer: FailedAnswer,
  rule: RateLimitRule = headerRateLimit,
  now = Date.now(),
  longestWaitSec?: number,
): UpstreamStatusError {
  const limit = rule(answer, now)
  if (!limit && answer.headers.get('cf-mitigated')?.trim() === 'challenge') return challenged(platform, answer.status)
  if (!limit) {
    const failed = new UpstreamStatusError(answer.status, `${platform} answered with status ${answer.status}`)
    if (answer.status === 503) failed.unavailableSec = retryAfterSeconds(answer.headers, now)
    return failed
  }
  const wait = keptWait(limit.retryAfterSec, longestWaitSec)
  // A 403 that is a limit (GitHub's, Reddit's) refused no credentials: the same ones serve once the wait is over.
  const limited = new UpstreamStatusError(
    answer.status,
    `${platform} is rate limited (${limit.why}); ${retryWords(wait)}`,
    wait,
    false,
  )
  limited.limitSpent = limit.spent
  return limited
}

/**
 * Cloudflare's challenge page, of any kind, carries `cf-mitigated: challenge` (developers.cloudflare.com, "Detect a
 * Challenge Page response"): a browser check in front of the platform, which a server cannot pass. It refuses the
 * address or the requests, not a key: named as such, and never as refused credentials (Medium and Substack have none).
 */
const challenged = (platform: string, status: number) =>
  new UpstreamStatusError(
    status,
    `${platform} answered with Cloudflare's browser check (${status}, cf-mitigated: challenge), which a server cannot pass: the site's protection refused this server's address or requests, not its credentials`,
    undefined,
    false,
  )

/**
 * What a connector reads from a failed answer beyond its rate limit: the error it stands for, when the platform's
 * body says more than its status (a key that is not valid); undefined leaves it to `failedAnswer`.
 */
export type FailureReader = (answer: FailedAnswer, now: number) => UpstreamStatusError | undefined

/** A failed answer's body as JSON, or undefined when it is not JSON (an HTML error page). */
export function jsonBodyOf(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
