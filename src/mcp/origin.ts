import type { Config } from '../config/schema'
import type { Deps } from '../deps'
import { AppError } from '../errors'
import { echoed } from '../lib/text'

// The names of this machine: a browser on it reaching the service by any of them is the service's own page.
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * docs/api.md#mcp-over-http: the MCP transport asks servers to check `Origin` against DNS rebinding, in which a page of
 * another site is answered by this server under the site's own name, so its Host header proves nothing. A request
 * without `Origin` (any client that is not a browser) passes; a browser's passes only from the service's own address
 * (`server.public_url`), from this machine's loopback names on the server's port, or from `server.allowed_origins`.
 */
export function checkOrigin(
  deps: Pick<Deps, 'config' | 'log' | 'clock'>,
  refusals: RefusalLog,
  request: Request,
  listeningPort: number | undefined,
): void {
  const origin = request.headers.get('origin')
  if (origin === null || allowedOrigin(deps.config, origin, listeningPort)) return
  // The browser hides the 403 from its page (no CORS headers), so this line is how an operator learns which web
  // client to allow. The header is the caller's: cut short, its controls made visible (docs/operations.md#logs).
  const unlogged = refusals.toLog(origin, deps.clock.now().getTime())
  if (unlogged !== undefined)
    deps.log.warn('mcp_origin_refused', {
      origin: echoed(origin, LOGGED_ORIGIN_MOST),
      method: request.method,
      allowWith: 'server.allowed_origins',
      ...(unlogged > 0 ? { unlogged } : {}),
    })
  throw new AppError('forbidden', 'this Origin may not call /mcp: add it to server.allowed_origins if it should')
}

type RefusalLog = ReturnType<typeof refusalLog>

// A page can have its visitors' browsers call /mcp in a loop, and a script can send any Origin: a line per refusal
// would let either fill the log. The first refusal of an origin in a minute says what an operator needs.
const LOG_WINDOW_MS = 60_000
const ORIGINS_LOGGED_A_MINUTE = 10

/**
 * Which refusals are logged (docs/operations.md#logs): the first of each origin in a minute, for at most 10 origins a
 * minute. `toLog` answers undefined for one that is not; for one that is, how many the minute before left out (the
 * first refusal of a minute is always logged). It holds a minute's ten origins at most.
 */
export function refusalLog() {
  let windowStart = Number.NEGATIVE_INFINITY
  let logged = new Set<string>()
  let unlogged = 0
  return {
    toLog(origin: string, now: number): number | undefined {
      let leftOut = 0
      if (now - windowStart >= LOG_WINDOW_MS) {
        windowStart = now
        logged = new Set()
        leftOut = unlogged
        unlogged = 0
      }
      if (logged.has(origin) || logged.size >= ORIGINS_LOGGED_A_MINUTE) {
        unlogged++
        return undefined
      }
      logged.add(origin)
      return leftOut
    },
  }
}

// Longer than any origin an operator would list (a host name is at most 253 characters, and seldom near it).
const LOGGED_ORIGIN_MOST = 200

function allowedOrigin(config: Config, origin: string, listeningPort: number | undefined): boolean {
  if (config.server.allowed_origins.includes(origin)) return true
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  // As an origin, as allowed_origins are read: a browser sends the host in lower case and no default port, where
  // public_url keeps what the operator wrote ("https://Leads.Example.com:443").
  if (config.server.public_url !== '' && url.origin === new URL(config.server.public_url).origin) return true
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
  // The port the server listens on: server.port, or with port 0 the free one it got, which only the socket knows.
  return LOOPBACK_HOSTS.has(url.hostname) && port === (listeningPort ?? config.server.port)
}

/**
 * What a browser needs to let a page of an allowed origin (checkOrigin) call /mcp across origins, on every answer
 * to it, errors included: its fetch sends a key or token and JSON, so the browser first asks with a preflight, and
 * without these headers it refused the call and hid any answer (docs/api.md#mcp-over-http). Credentials are headers,
 * not cookies, so no Access-Control-Allow-Credentials.
 */
export const corsHeaders = (origin: string): Record<string, string> => ({
  'access-control-allow-origin': origin,
  // A 401's challenge is how a client finds where to sign in (docs/oauth.md#discovery).
  'access-control-expose-headers': 'www-authenticate, x-request-id',
  vary: 'Origin',
})

/**
 * The CORS headers of an error answered before /mcp's route runs (a Content-Length over server.max_body_bytes is 413
 * as the request arrives): without them an allowed page's browser showed a network error instead of the 413. The
 * router serves /mcp/ as /mcp. Only an allowed Origin gets them, as from the route itself.
 */
export const earlyErrorCors =
  (config: Config) =>
  (request: Request, path: string, listeningPort?: number): Record<string, string> | undefined => {
    const origin = request.headers.get('origin')
    if (!/^\/mcp\/?$/.test(path) || origin === null || !allowedOrigin(config, origin, listeningPort)) return undefined
    return corsHeaders(origin)
  }

/**
 * The answer to a preflight: what the MCP transport's POST sends (docs/api.md#mcp-over-http). MCP 2026-07-28 has a
 * client send Mcp-Method on every POST and Mcp-Name with a tools/call, one that also speaks earlier revisions on its
 * first POST too: without them here a browser refused that POST, so such a client could not reach this server at all.
 */
export const PREFLIGHT_HEADERS: Record<string, string> = {
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers':
    'accept, authorization, content-type, mcp-method, mcp-name, mcp-protocol-version, x-api-key',
  'access-control-max-age': '600',
}
