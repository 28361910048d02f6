import os from 'node:os'
import ipaddr from 'ipaddr.js'
import type { Config } from '../../config/schema'
import { modelAddressSetting } from '../../lib/network-reason'

// Hosts lead-signals listens on every address of this machine with (docs/operations.md#running-it): unset, 0.0.0.0, ::.
const EVERY_ADDRESS = new Set([undefined, '0.0.0.0', '::', '[::]'])

/**
 * When the model server's address is this service's own (docs/scoring.md#checking-the-model-server): on this machine,
 * at the port lead-signals listens on. The llama.cpp server takes 8080 unless given --port, the port lead-signals takes
 * by default, so started second it cannot listen, and the address reaches lead-signals itself, whose 404 would read as
 * another server's. This machine is localhost, a loopback or unspecified address, or, while lead-signals listens on
 * every address, one of its network interfaces' (a base_url written with the machine's address on its network).
 * Undefined for any other address. Only the address as configured is named: the machine's others stay unsaid.
 */
export function ownAddress(config: Config, endpoint: string | undefined): string | undefined {
  if (!endpoint || !URL.canParse(endpoint)) return undefined
  const url = new URL(endpoint)
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  if (port !== config.server.port || !listenedOn(url.hostname, config.server.host)) return undefined
  const setting = modelAddressSetting(config.scorer.backend)
  return `${setting} (${endpoint}) is this service's own address (server.port ${port}): no model server can listen there while lead-signals does (the llama.cpp server takes 8080 unless given --port); start it with --port and another port, and write that port in ${setting}`
}

/** Whether `hostname` (as a URL gives it) is an address lead-signals listens on, `host` being server.host. */
function listenedOn(hostname: string, host: string | undefined): boolean {
  if (hostname === 'localhost' || hostname === host) return true
  const address = parsed(hostname)
  if (!address) return false
  const range = address.range()
  if (range === 'loopback' || range === 'unspecified') return true
  if (!EVERY_ADDRESS.has(host)) return false
  const interfaces = Object.values(os.networkInterfaces()).flatMap((list) => list ?? [])
  return interfaces.some((i) => parsed(i.address)?.toString() === address.toString())
}

// An IP address without the brackets of an IPv6 one in a URL, an IPv4-mapped IPv6 one read as IPv4; else undefined.
function parsed(hostname: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = hostname.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined
}
