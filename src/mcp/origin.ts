import type { Config } from '../config/schema'
import { AppError } from '../errors'

// The names of this machine: a browser on it reaching the service by any of them is the service's own page.
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * docs/api.md#mcp-over-http: the MCP transport asks servers to check `Origin` against DNS rebinding, in which a page of
 * another site is answered by this server under the site's own name, so its Host header proves nothing. A request
 * without `Origin` (any client that is not a browser) passes; a browser's passes only from the service's own address
 * (`server.public_url`), from this machine's loopback names on the server's port, or from `server.allowed_origins`.
 */
export function checkOrigin(config: Config, origin: string | null): void {
  if (origin === null) return
  if (allowedOrigin(config, origin)) return
  throw new AppError('forbidden', 'this Origin may not call /mcp: add it to server.allowed_origins if it should')
}

function allowedOrigin(config: Config, origin: string): boolean {
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
  return LOOPBACK_HOSTS.has(url.hostname) && port === config.server.port
}
