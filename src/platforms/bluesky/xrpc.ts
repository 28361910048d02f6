import { AppError } from '../../errors'
import { headerRateLimit } from '../common/rate-limit'
import { sendPlatformRequest } from '../http'
import { UpstreamStatusError } from '../upstream-errors'

/**
 * An XRPC error answer: its status and the `error` name of its `{ error, message }` body (atproto HTTP spec). A rate
 * limit (429 with `ratelimit-reset`, epoch seconds) carries its wait.
 */
export class XrpcError extends UpstreamStatusError {
  constructor(
    status: number,
    readonly error: string | undefined,
    message: string,
    retryAfterSec?: number,
    /** The answer's headers: a refused login reads which limit it met (login-limit.ts). */
    readonly headers?: Headers,
  ) {
    super(status, message, retryAfterSec)
  }
}

/**
 * One XRPC call (GET /xrpc/{nsid} for a query, POST for a procedure), read whatever its status: the session logic
 * needs the error name of a failed answer: the PDS answers an expired access token with 400
 * `{"error":"ExpiredToken","message":"Token has expired"}` (401 when the AppView checks it). No message carries the
 * URL, a token or the password.
 */
export async function xrpc(a: {
  baseUrl: string
  nsid: string
  params?: URLSearchParams
  /** A procedure's JSON input; a procedure without input passes `null`. */
  input?: unknown
  bearer?: string
  timeoutMs: number
  signal?: AbortSignal
  /** Given the headers of an answer that served (its rate-limit headers ride on successes too). */
  heard?: (headers: Headers) => void | Promise<void>
}): Promise<unknown> {
  const url = new URL(`/xrpc/${a.nsid}`, a.baseUrl)
  if (a.params) url.search = a.params.toString()
  const headers: Record<string, string> = { accept: 'application/json' }
  if (a.bearer) headers.authorization = `Bearer ${a.bearer}`
  const res = await sendPlatformRequest({
    platform: 'bluesky',
    url,
    headers,
    timeoutMs: a.timeoutMs,
    signal: a.signal,
    method: a.input !== undefined ? 'POST' : 'GET',
    json: a.input !== undefined && a.input !== null ? a.input : undefined,
  })
  let body: unknown
  try {
    body = JSON.parse(res.text)
  } catch {
    if (res.ok) throw new AppError('upstream_error', 'bluesky sent a body that is not JSON')
  }
  if (res.ok) {
    await a.heard?.(res.headers)
    return body
  }
  // The error's type name, an ASCII constant without whitespace (atproto.com/specs/xrpc): anything else in its place
  // is platform text, kept out of messages (docs/security.md#platform-text).
  const said = (body as { error?: unknown } | undefined)?.error
  const name = typeof said === 'string' && /^[A-Za-z][\w.-]{0,59}$/.test(said) ? said : undefined
  const limit = headerRateLimit(res, Date.now())
  const what = limit
    ? `a rate limit (${limit.why}); retry after ${limit.retryAfterSec} s`
    : `status ${res.status}${name ? ` (${name})` : ''}`
  throw new XrpcError(res.status, name, `bluesky answered ${a.nsid} with ${what}`, limit?.retryAfterSec, res.headers)
}
