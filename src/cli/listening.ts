import type { Config } from '../config/schema'
import { humanLine } from '../lib/log'

const WILDCARDS: Record<string, string> = { '0.0.0.0': '127.0.0.1', '::': '::1' }
const inUrl = (host: string) => (host.includes(':') ? `[${host}]` : host)

/**
 * Where the server listens, from the bound socket: the host and port it really has (port 0 became a free one), and a
 * URL to reach it. A wildcard host ("0.0.0.0", "::") is no address to type into a browser, so the URL names the
 * loopback address instead and the line says the server answers on every interface.
 */
export function listeningAddress(server: { hostname?: string; port?: number }) {
  const host = server.hostname ?? '127.0.0.1'
  const port = server.port ?? 0
  const local = WILDCARDS[host]
  return {
    host,
    port,
    url: `http://${inUrl(local ?? host)}:${port}`,
    note: local ? `listening on all interfaces (${inUrl(host)}:${port}); from this machine use the url` : undefined,
  }
}

/**
 * The `listening` line on stdout: JSON starting with `{"event":"listening","url":…` (scripts and the smoke tests read
 * that prefix), or the human log format on a terminal.
 */
export function listeningLine(
  address: ReturnType<typeof listeningAddress>,
  startupMs: number,
  isTerminal = process.stdout.isTTY,
): string {
  const line = {
    event: 'listening',
    url: address.url,
    host: address.host,
    port: address.port,
    note: address.note,
    startupMs,
  }
  return isTerminal ? humanLine({ time: new Date().toISOString(), level: 'info', ...line }) : JSON.stringify(line)
}

/**
 * Where the console of `serve` with this configuration is: `server.public_url`, else the URL its listening line
 * names. Undefined for port 0, a free port known only once it serves.
 */
export function consoleAddress(server: Config['server']): string | undefined {
  if (server.public_url) return `${server.public_url}/`
  if (server.port === 0) return undefined
  return `${listeningAddress({ hostname: server.host, port: server.port }).url}/`
}
