import { AppError } from '../../errors'
import { CERTIFICATE_CODE, NETWORK_REASONS } from '../../lib/network-reason'

/** What the server answered over this client so far (remote-client.ts's fetch notes it). */
export type Heard = {
  /** An answer that served: a connection reset since is a server that restarted, not a TLS port. */
  answered: boolean
  /** The last HTTP 400 was nginx's page for a plain request on its TLS port. */
  plainOnTlsPort: boolean
}

/**
 * A connection or authentication failure of the libSQL client in words that name the setting to fix and the host
 * (docs/operations.md#running-it), as `storage_unavailable`; undefined for anything else (SQL errors pass through).
 * An address whose scheme does not fit the server is said so, with the address to write: `libsql://` and `https://`
 * speak TLS, which sqld does not unless it was set up for it, and `http://` to a TLS port is closed or refused.
 */
export function describeFailure(
  e: unknown,
  a: { url: string; host: string; hasToken: boolean; heard: Heard },
): AppError | undefined {
  const err = e as { code?: unknown; message?: unknown; cause?: { status?: unknown } } | null
  const code = String(err?.code ?? '')
  const message = String(err?.message ?? '')
  const { host } = a
  const failed = (said: string, reason = 'its server cannot be reached') =>
    new AppError('storage_unavailable', `database.url: ${said}`, { reason })
  const unreachable = (reason: string) => failed(`cannot reach the libSQL server at ${host} (${reason})`)
  const webSocket = code === 'HRANA_WEBSOCKET_ERROR'
  // The WebSocket client says why in its message: "TLS handshake failed: self signed certificate".
  const handshake = webSocket ? /TLS handshake failed(?:: (.*))?/i.exec(message) : null
  const certificate = handshake && /certificate|cert_/i.test(handshake[1] ?? '') ? handshake[1] : undefined
  if (code === 'EPROTO' || (handshake && !certificate))
    return failed(
      `the libSQL server at ${host} does not answer over TLS (the TLS handshake failed), which libsql://, https:// and wss:// speak: sqld serves plain HTTP unless TLS was set up for it; write http://${host} (or libsql://${host}?tls=0)`,
    )
  if (CERTIFICATE_CODE.test(code) || certificate)
    return failed(
      `the libSQL server at ${host} answered with a TLS certificate this machine does not trust (${certificate ?? code}): for a certificate of your site's own authority, start lead-signals with NODE_EXTRA_CA_CERTS set to that authority's certificate file (PEM)`,
    )
  const plain = /^http:/i.test(a.url) || (/^libsql:/i.test(a.url) && /[?&]tls=0(&|$)/.test(a.url))
  if (code === 'ECONNRESET' && plain && !a.heard.answered)
    return failed(
      `the server at ${host} closed the connection without answering, as a server that expects TLS does to a plain HTTP request: if it serves TLS, write https://${host} (or libsql://${host})`,
    )
  if (NETWORK_REASONS[code]) return unreachable(NETWORK_REASONS[code])
  if (webSocket && !/Expected 101 status code/.test(message)) return unreachable('WebSocket connection failed')
  const status =
    typeof err?.cause?.status === 'number'
      ? err.cause.status
      : Number(/(?:HTTP status|Expected 101 status code:) (\d{3})/.exec(message)?.[1])
  // Over a WebSocket, sqld refuses the token in its hello's answer with a code of its own (AUTH_JWT_INVALID, …).
  const refused = (code === 'SERVER_ERROR' || webSocket) && (status === 401 || status === 403)
  if (refused || code.startsWith('AUTH_')) {
    const why = refused ? `HTTP ${status}` : code
    return new AppError(
      'storage_unavailable',
      a.hasToken
        ? `database.auth_token: the libSQL server at ${host} refused the token (${why})`
        : `database.auth_token: the libSQL server at ${host} requires a token and none is set (${why})`,
      { reason: 'its server refused the credentials' },
    )
  }
  if (status === 400 && plain && a.heard.plainOnTlsPort)
    return failed(
      `the server at ${host} expects TLS (it answered HTTP 400: the plain HTTP request was sent to HTTPS port): write https://${host} (or libsql://${host})`,
    )
  if ((code === 'SERVER_ERROR' || webSocket) && status)
    return failed(answered(status, host), `its server answered HTTP ${status}`)
  if (e instanceof TypeError && code) return unreachable(code)
  return undefined
}

/**
 * What a status the libSQL server's API answered means, and what to do (docs/operations.md#running-it): a 5xx
 * of a gateway or a 413 is a proxy's own page in front of the server, a 404 an address where no libSQL server is.
 */
function answered(status: number, host: string): string {
  if (status === 502 || status === 503)
    return `the libSQL server at ${host} did not answer: a proxy in front of it answered HTTP ${status}, so the server (sqld) may be down or restarting; check that it is running, then try again`
  if (status === 504)
    return `the libSQL server at ${host} did not answer in time: a proxy in front of it stopped waiting (HTTP 504); check that the server (sqld) is running and answering, then try again`
  if (status === 413)
    return `a proxy in front of the libSQL server at ${host} refused a request as too large (HTTP 413): raise its body limit (nginx: client_max_body_size)`
  if (status === 404)
    return `no libSQL server answers at ${host} (HTTP 404 to its API): check that database.url names a libSQL server (sqld) or the proxy path that leads to one`
  return `the libSQL server at ${host} answered HTTP ${status}`
}
