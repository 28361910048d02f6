import type { Logger } from '../../lib/log'
import { sendPlatformRequest } from '../http'

/**
 * One GET to the Stack Exchange API, read whatever its status: the API reports every failure as HTTP 400 with
 * error_id/error_name/error_message on its common wrapper (api.stackexchange.com/docs/error-handling), and a
 * `backoff` may ride on any answer. Answers are always gzip- or deflate-compressed
 * (api.stackexchange.com/docs/compression); Bun's fetch asks for and decodes both.
 */
export async function getStackExchange(a: { url: URL; timeoutMs: number; log: Logger; signal?: AbortSignal }) {
  const res = await sendPlatformRequest({ platform: 'stackoverflow', ...a, headers: { accept: 'application/json' } })
  let body: unknown
  try {
    body = JSON.parse(res.text)
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
