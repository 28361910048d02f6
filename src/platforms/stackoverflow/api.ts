import { AppError } from '../../domain/errors'
import type { Logger } from '../../lib/log'
import { USER_AGENT } from '../http'

/**
 * One GET to the Stack Exchange API that reads the answer whatever its status. http.ts's fetchPlatformText drops the
 * body of a non-2xx answer, but this API reports every failure as HTTP 400 with error_id/error_name/error_message on
 * its common wrapper (api.stackexchange.com/docs/error-handling), and a `backoff` may ride on any answer. Timeouts
 * and unreachable hosts map as in http.ts; the URL (it may carry the key) never goes into a message.
 * Answers are always gzip- or deflate-compressed (api.stackexchange.com/docs/compression); Bun's fetch asks for and
 * decodes both.
 */
export async function getStackExchange(a: { url: URL; timeoutMs: number; log: Logger; signal?: AbortSignal }) {
  const timeout = AbortSignal.timeout(a.timeoutMs)
  const signal = a.signal ? AbortSignal.any([a.signal, timeout]) : timeout
  const timedOut = () => new AppError('upstream_timeout', `stackoverflow did not answer within ${a.timeoutMs} ms`)
  let res: Response
  let text: string
  try {
    res = await fetch(a.url, { headers: { 'user-agent': USER_AGENT, accept: 'application/json' }, signal, redirect: 'follow' })
  } catch (err) {
    if (timeout.aborted) throw timedOut()
    a.log.warn('platform_unreachable', { platform: 'stackoverflow', err })
    throw new AppError('upstream_error', 'stackoverflow could not be reached')
  }
  try {
    text = await res.text()
  } catch {
    if (timeout.aborted) throw timedOut()
    throw new AppError('upstream_error', 'stackoverflow broke off its answer')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: res.status, ok: res.ok, body, retryAfter: res.headers.get('retry-after') }
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Display names come HTML-entity encoded (`Jos&#233;`); an author is plain text, so they are decoded. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}
