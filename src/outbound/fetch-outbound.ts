import { readAtMost } from '../lib/read-at-most'
import { type AddressPolicy, checkTarget, OutboundError } from './public-address'

export type OutboundRequest = {
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  timeoutMs: number
  /** The answer's body is read up to this size; a longer one is an error (or, with `oversized: 'empty'`, no body). */
  maxBytes: number
  oversized?: 'error' | 'empty'
  /** Answers of these statuses are decided by their status alone: their body is not read (comes back empty). */
  bodyless?: (status: number) => boolean
}

export type OutboundAnswer = { status: number; headers: Headers; body: Uint8Array }

/**
 * A request to a URL that a user or a client named (a client's metadata document, a webhook receiver): its host is
 * checked against the address policy first, redirects are not followed (a 3xx comes back as it is, so a public URL
 * cannot send us on to a private one), and both the time and the size of the answer are bounded
 * (docs/security.md#outbound-requests).
 */
export async function fetchOutbound(url: URL, policy: AddressPolicy, r: OutboundRequest): Promise<OutboundAnswer> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('bad_url', 'not an http(s) URL')
  await checkTarget(url, policy)
  const signal = AbortSignal.timeout(r.timeoutMs)
  try {
    const method = r.method ?? 'GET'
    // Bun's fetch sends a request again on its own when a reused keep-alive connection closes before the answer
    // begins; a POST (a webhook delivery) must go once per call, so it gets a connection of its own.
    const once = method !== 'GET'
    const res = await fetch(url, {
      method,
      headers: once ? { ...r.headers, connection: 'close' } : r.headers,
      keepalive: !once,
      body: r.body,
      redirect: 'manual',
      signal,
    })
    if (r.bodyless?.(res.status)) {
      await res.body?.cancel().catch(() => {})
      return { status: res.status, headers: res.headers, body: new Uint8Array(0) }
    }
    return { status: res.status, headers: res.headers, body: await readBounded(res, r) }
  } catch (err) {
    if (err instanceof OutboundError) throw err
    if (signal.aborted) throw new OutboundError('timeout', `no answer within ${r.timeoutMs} ms`)
    throw new OutboundError('network', 'the connection failed')
  }
}

async function readBounded(res: Response, r: OutboundRequest): Promise<Uint8Array> {
  const bytes = await readAtMost(res, r.maxBytes)
  if (bytes) return bytes
  if (r.oversized === 'empty') return new Uint8Array(0)
  throw new OutboundError('too_large', `the answer is larger than ${r.maxBytes} bytes`)
}
