import { CERTIFICATE_CODE, networkReason } from '../lib/network-reason'
import { readAtMost } from '../lib/read-at-most'
import { type AddressPolicy, checkTarget, OutboundError } from './public-address'
import { viaProxy } from './via-proxy'

type OutboundRequest = {
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

type OutboundAnswer = { status: number; headers: Headers; body: Uint8Array }

/**
 * A request to a URL that a user or a client named (a client's metadata document, a webhook receiver): its host is
 * checked against the address policy first, redirects are not followed (a 3xx comes back as it is, so a public URL
 * cannot send us on to a private one), and both the time and the size of the answer are bounded
 * (docs/security.md#outbound-requests).
 */
export async function fetchOutbound(url: URL, policy: AddressPolicy, r: OutboundRequest): Promise<OutboundAnswer> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('bad_url', 'not an http(s) URL')
  // The time limit starts before the host is looked up: a name server that is slow to answer (the URL's owner may
  // run it) would otherwise add its own wait to the limit, and a delivery's claim (twice the limit) could expire.
  const signal = AbortSignal.timeout(r.timeoutMs)
  const checked = await withinTime(checkTarget(url, policy), signal, r.timeoutMs)
  const address = viaProxy(url) ? undefined : checked
  try {
    const method = r.method ?? 'GET'
    // Bun's fetch sends a request again on its own when a reused keep-alive connection closes before the answer
    // begins; a POST (a webhook delivery) must go once per call, so it gets a connection of its own. So does a
    // request pinned to an address: a pooled connection to that address may have been opened for another name.
    const once = method !== 'GET' || address !== undefined
    const headers = { ...r.headers, ...(once && { connection: 'close' }), ...(address && { host: url.host }) }
    const res = await fetch(address ? pinned(url, address) : url, {
      method,
      headers,
      keepalive: !once,
      body: r.body,
      redirect: 'manual',
      signal,
      // The certificate is still checked against the URL's name, which is also the name sent (SNI).
      ...(address && url.protocol === 'https:' && { tls: { serverName: url.hostname } }),
    })
    if (r.bodyless?.(res.status)) {
      await res.body?.cancel().catch(() => {})
      return { status: res.status, headers: res.headers, body: new Uint8Array(0) }
    }
    return { status: res.status, headers: res.headers, body: await readBounded(res, r) }
  } catch (err) {
    if (err instanceof OutboundError) throw err
    if (signal.aborted) throw new OutboundError('timeout', `no answer within ${r.timeoutMs} ms`)
    throw new OutboundError('network', connectionFailed(err))
  }
}

/**
 * Why no answer came, in the network's words (docs/webhooks.md#the-delivery-log): a receiver that is down reads
 * `connection refused`; one whose certificate this machine does not trust (self-signed, expired) says so, and how to
 * trust a site's own authority, within the delivery log's 200 characters. Only the runtime's error code is read: its
 * message may hold the URL, and a URL may hold a token.
 */
function connectionFailed(err: unknown): string {
  const code = String((err as { code?: unknown } | null)?.code ?? '')
  if (CERTIFICATE_CODE.test(code))
    return `the connection failed: the receiver's TLS certificate is not trusted here (${code}); for your own authority's, set NODE_EXTRA_CA_CERTS to its file`
  const reason = networkReason(err)
  return reason ? `the connection failed (${reason})` : 'the connection failed'
}

async function readBounded(res: Response, r: OutboundRequest): Promise<Uint8Array> {
  const bytes = await readAtMost(res, r.maxBytes)
  if (bytes) return bytes
  if (r.oversized === 'empty') return new Uint8Array(0)
  throw new OutboundError('too_large', `the answer is larger than ${r.maxBytes} bytes`)
}

/** The URL with its host replaced by the address the check approved (its name goes in Host and in TLS). */
function pinned(url: URL, address: string): URL {
  const to = new URL(url)
  to.hostname = address.includes(':') ? `[${address}]` : address
  return to
}

/** `check`, or a timeout once `signal` aborts (the look-up itself cannot be stopped; its answer is then ignored). */
function withinTime<T>(check: Promise<T>, signal: AbortSignal, timeoutMs: number): Promise<T> {
  const timedOut = () => new OutboundError('timeout', `no answer within ${timeoutMs} ms`)
  if (signal.aborted) return Promise.reject(timedOut())
  return new Promise((resolve, reject) => {
    const abort = () => reject(timedOut())
    signal.addEventListener('abort', abort, { once: true })
    check.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}
