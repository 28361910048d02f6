import { AppError } from '../../domain/errors'
import type { Logger } from '../../lib/log'
import { USER_AGENT } from '../http'

/** An XRPC error answer: its status and the `error` name of its `{ error, message }` body (atproto HTTP spec). */
export class XrpcError extends AppError {
  constructor(readonly status: number, readonly error: string | undefined, message: string) {
    super('upstream_error', message)
  }
}

/**
 * One XRPC call (GET /xrpc/{nsid} for a query, POST for a procedure). http.ts's fetchPlatformText drops the body of a
 * non-2xx answer, but the session logic needs the error name in it: the PDS answers an expired access token with
 * 400 `{"error":"ExpiredToken","message":"Token has expired"}` (401 when the AppView checks it). Timeouts and
 * unreachable hosts map as in http.ts; no message carries the URL, a token or the password.
 */
export async function xrpc(a: {
  baseUrl: string
  nsid: string
  params?: URLSearchParams
  /** A procedure's JSON input; a procedure without input passes `null`. */
  input?: unknown
  bearer?: string
  timeoutMs: number
  log: Logger
  signal?: AbortSignal
}): Promise<unknown> {
  const url = new URL(`/xrpc/${a.nsid}`, a.baseUrl)
  if (a.params) url.search = a.params.toString()
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: 'application/json' }
  if (a.bearer) headers.authorization = `Bearer ${a.bearer}`
  const post = a.input !== undefined
  if (post && a.input !== null) headers['content-type'] = 'application/json'
  const timeout = AbortSignal.timeout(a.timeoutMs)
  const signal = a.signal ? AbortSignal.any([a.signal, timeout]) : timeout
  const timedOut = () => new AppError('upstream_timeout', `bluesky did not answer within ${a.timeoutMs} ms`)
  let res: Response
  let text: string
  try {
    res = await fetch(url, {
      method: post ? 'POST' : 'GET', headers, signal, redirect: 'follow',
      body: post && a.input !== null ? JSON.stringify(a.input) : undefined,
    })
  } catch (err) {
    if (timeout.aborted) throw timedOut()
    a.log.warn('platform_unreachable', { platform: 'bluesky', err })
    throw new AppError('upstream_error', 'bluesky could not be reached')
  }
  try {
    text = await res.text()
  } catch {
    if (timeout.aborted) throw timedOut()
    throw new AppError('upstream_error', 'bluesky broke off its answer')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    if (res.ok) throw new AppError('upstream_error', 'bluesky sent a body that is not JSON')
  }
  if (res.ok) return body
  const name = typeof (body as { error?: unknown })?.error === 'string' ? (body as { error: string }).error.slice(0, 60) : undefined
  const wait = res.headers.get('retry-after')
  const what = res.status === 429 ? `a rate-limit answer (429${wait ? `, retry after ${wait} s` : ''})` : `status ${res.status}`
  throw new XrpcError(res.status, name, `bluesky answered ${a.nsid} with ${what}${name ? ` (${name})` : ''}`)
}
