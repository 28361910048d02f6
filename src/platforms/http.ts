import { AppError } from '../errors'
import { readAtMost } from '../lib/read-at-most'
import { fetchFollowing } from './follow-redirects'
import type { RateLimitRule } from './common/rate-limit'
import { type FailureReader, failedAnswer, PlatformUnreachableError } from './upstream-errors'

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
): Promise<{ status: number; ok: boolean; text: string; headers: Headers; url: string }> {
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
  const text = new TextDecoder().decode(bytes)
  return { status: res.status, ok: res.ok, text, headers: res.headers, url: res.url }
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
