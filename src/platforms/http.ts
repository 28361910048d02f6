import { AppError } from '../errors'
import { readAtMost } from '../lib/read-at-most'
import { fetchFollowing } from './follow-redirects'
import {
  type FailedAnswer,
  headerRateLimit,
  type KeptWait,
  keptWait,
  type RateLimitRule,
  retryWords,
} from './common/rate-limit'
import { retryAfterSeconds } from '../lib/retry-after'

export { retryAfterSecOf } from './common/rate-limit'

export const USER_AGENT = 'lead-signals/0.1 (self-hosted social listening; +https://github.com/lead-signals)'
// docs/security.md#what-is-bounded: the largest answer a platform's page makes is a few MB (100 posts with their
// text); past this, an answer (or the mirror a base_url names) is gone wrong, and is not held whole in memory.
const MAX_ANSWER_MB = 32
const MAX_ANSWER_BYTES = MAX_ANSWER_MB * 1024 * 1024

export type PlatformRequest = {
  platform: string
  url: URL
  timeoutMs: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  /** A JSON body (sent with Content-Type: application/json) or a form (application/x-www-form-urlencoded). */
  json?: unknown
  form?: URLSearchParams
  signal?: AbortSignal
}

/**
 * One call to a platform within `timeoutMs`, whatever the status of the answer: for platforms that explain their
 * errors in the body (Stack Exchange, Bluesky's XRPC). No answer in time → 504 upstream_timeout; unreachable or a
 * broken-off body → 502 upstream_error. Messages name the platform, never the URL (it may carry a key).
 */
export async function sendPlatformRequest(
  a: PlatformRequest,
): Promise<{ status: number; ok: boolean; text: string; headers: Headers }> {
  const timeout = AbortSignal.timeout(a.timeoutMs)
  const signal = a.signal ? AbortSignal.any([a.signal, timeout]) : timeout
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, ...a.headers }
  let body: string | undefined
  if (a.json !== undefined) {
    body = JSON.stringify(a.json)
    headers['content-type'] = 'application/json'
  } else if (a.form) {
    body = a.form.toString()
    headers['content-type'] = 'application/x-www-form-urlencoded'
  }
  const timedOut = () => new AppError('upstream_timeout', `${a.platform} did not answer within ${a.timeoutMs} ms`)
  let res: Response
  try {
    res = await fetchFollowing(a.url, { method: a.method ?? (body ? 'POST' : 'GET'), headers, body, signal })
  } catch (err) {
    if (timeout.aborted) throw timedOut()
    // Logged by the search or stream that asked (a stream once an outage: docs/streams.md#outages), with this cause.
    throw new PlatformUnreachableError(`${a.platform} could not be reached`, err)
  }
  let bytes: Uint8Array | undefined
  try {
    bytes = await readAtMost(res, MAX_ANSWER_BYTES)
  } catch {
    if (timeout.aborted) throw timedOut()
    throw new AppError('upstream_error', `${a.platform} broke off its answer`)
  }
  if (!bytes) throw new AppError('upstream_error', `${a.platform} answered more than ${MAX_ANSWER_MB} MB`)
  return { status: res.status, ok: res.ok, text: new TextDecoder().decode(bytes), headers: res.headers }
}

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
 * network's own error (a name that did not resolve, a refused connection), for the log only.
 */
export class PlatformUnreachableError extends AppError {
  constructor(
    message: string,
    readonly because?: unknown,
  ) {
    super('upstream_error', message)
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
  if (!limit) {
    const failed = new UpstreamStatusError(answer.status, `${platform} answered with status ${answer.status}`)
    if (answer.status === 503) failed.unavailableSec = retryAfterSeconds(answer.headers, now)
    return failed
  }
  const wait = keptWait(limit.retryAfterSec, longestWaitSec)
  // A 403 that is a limit (GitHub's, Reddit's) refused no credentials: the same ones serve once the wait is over.
  return new UpstreamStatusError(
    answer.status,
    `${platform} is rate limited (${limit.why}); ${retryWords(wait)}`,
    wait,
    false,
  )
}

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

/** What reads a failed answer: the connector's rule and reader, and the longest wait it keeps (failedAnswer). */
type FailureReading = { rateLimit?: RateLimitRule; readFailure?: FailureReader; longestWaitSec?: number }

/** `sendPlatformRequest` where any error status is 502 upstream_error, a rate limit with its wait. */
export async function fetchPlatformText(
  a: PlatformRequest & FailureReading,
): Promise<{ text: string; headers: Headers }> {
  const res = await sendPlatformRequest(a)
  if (!res.ok)
    throw a.readFailure?.(res, Date.now()) ?? failedAnswer(a.platform, res, a.rateLimit, Date.now(), a.longestWaitSec)
  return res
}

/** `fetchPlatformText` for JSON answers: a body that is not JSON is 502 upstream_error. */
export async function fetchPlatformJson(
  a: PlatformRequest & FailureReading & { heard?: (headers: Headers) => void | Promise<void> },
): Promise<unknown> {
  const { text, headers } = await fetchPlatformText({ ...a, headers: { accept: 'application/json', ...a.headers } })
  await a.heard?.(headers)
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError('upstream_error', `${a.platform} sent a body that is not JSON`)
  }
}

/**
 * A connector's JSON GETs: `path` on its `base_url` with `params`, within its timeout, with its headers; `heard` is
 * given the headers of each answer that served (a platform's word on its rate limit rides on successes too);
 * `longestWaitSec` as failedAnswer's.
 */
export function platformJsonGet(
  platform: string,
  config: { base_url?: string; timeout_ms: number },
  headers?: Record<string, string>,
  readFailure?: FailureReader,
  heard?: (headers: Headers) => void | Promise<void>,
  longestWaitSec?: number,
) {
  return (path: string, params: URLSearchParams, signal?: AbortSignal): Promise<unknown> => {
    const url = new URL(path, config.base_url)
    url.search = params.toString()
    const timeoutMs = config.timeout_ms
    return fetchPlatformJson({ platform, url, timeoutMs, headers, signal, readFailure, heard, longestWaitSec })
  }
}
