import { AppError } from '../errors'
import type { Logger } from '../lib/log'

export const USER_AGENT = 'lead-signals/0.1 (self-hosted social listening; +https://github.com/lead-signals)'

export type PlatformRequest = {
  platform: string
  url: URL
  timeoutMs: number
  log: Logger
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
    res = await fetch(a.url, { method: a.method ?? (body ? 'POST' : 'GET'), headers, body, signal, redirect: 'follow' })
  } catch (err) {
    if (timeout.aborted) throw timedOut()
    a.log.warn('platform_unreachable', { platform: a.platform, err })
    throw new AppError('upstream_error', `${a.platform} could not be reached`)
  }
  try {
    return { status: res.status, ok: res.ok, text: await res.text(), headers: res.headers }
  } catch {
    if (timeout.aborted) throw timedOut()
    throw new AppError('upstream_error', `${a.platform} broke off its answer`)
  }
}

/** How a failed answer is described: the status, or the rate limit and when to retry. */
export function describeStatus(status: number, headers: Headers): string {
  const retry = headers.get('retry-after')
  return status === 429 ? `a rate-limit answer (429${retry ? `, retry after ${retry} s` : ''})` : `status ${status}`
}

/** A platform's error status, kept so a connector can react to one (a refused token: 401). */
export class UpstreamStatusError extends AppError {
  constructor(
    readonly status: number,
    message: string,
    retryAfterSec?: number,
  ) {
    super('upstream_error', message, { retryAfterSec })
  }
}

/**
 * How long a rate-limit answer asks us to wait, in seconds: `Retry-After` (seconds or an HTTP date), else the reset
 * time that X and GitHub send (`x-rate-limit-reset` / `x-ratelimit-reset`, epoch seconds). Undefined when it says
 * nothing usable.
 */
export function retryAfterSecOf(headers: Headers, now = Date.now()): number | undefined {
  const retry = headers.get('retry-after')?.trim()
  if (retry) {
    const at = /^\d+$/.test(retry) ? now + Number(retry) * 1000 : Date.parse(retry)
    if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - now) / 1000))
  }
  const reset = Number(headers.get('x-rate-limit-reset') ?? headers.get('x-ratelimit-reset') ?? Number.NaN)
  return Number.isFinite(reset) && reset > 1e9 ? Math.max(0, Math.ceil(reset - now / 1000)) : undefined
}

/** `sendPlatformRequest` where any error status is 502 upstream_error (docs/api.md#error-codes). */
export async function fetchPlatformText(a: PlatformRequest): Promise<{ text: string; headers: Headers }> {
  const res = await sendPlatformRequest(a)
  if (!res.ok) {
    const retryAfter = res.status === 429 ? retryAfterSecOf(res.headers) : undefined
    throw new UpstreamStatusError(
      res.status,
      `${a.platform} answered with ${describeStatus(res.status, res.headers)}`,
      retryAfter,
    )
  }
  return res
}

/** `fetchPlatformText` for JSON answers: a body that is not JSON is 502 upstream_error. */
export async function fetchPlatformJson(a: PlatformRequest): Promise<unknown> {
  const { text } = await fetchPlatformText({ ...a, headers: { accept: 'application/json', ...a.headers } })
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError('upstream_error', `${a.platform} sent a body that is not JSON`)
  }
}
