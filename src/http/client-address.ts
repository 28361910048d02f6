import ipaddr from 'ipaddr.js'

/**
 * docs/console.md#sign-in: who a request comes from. The connection's peer, unless it is a trusted proxy
 * (`server.trusted_proxies`): then the address it reports, read from the right of `X-Forwarded-For` (or `Forwarded`)
 * past every trusted hop, as each proxy appends the address it saw. A header from any other peer is ignored, so a
 * client cannot choose its own address.
 */
export function clientAddress(trusted: string[], peer: string | undefined, headers: Headers): string {
  if (peer === undefined) return 'unknown'
  const isTrusted = trustTest(trusted)
  if (!isTrusted(peer)) return peer
  const hops = forwardedFor(headers)
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!ipaddr.isValid(hops[i])) return peer
    if (!isTrusted(hops[i])) return ipaddr.process(hops[i]).toString()
  }
  return peer
}

/**
 * Whether the connection's peer is one of `server.trusted_proxies`, whose forwarded headers (the client's address,
 * the scheme it used) are believed; any other peer could write them itself.
 */
export const isTrustedProxy = (trusted: string[], peer: string | undefined) =>
  peer !== undefined && trustTest(trusted)(peer)

function trustTest(trusted: string[]) {
  const ranges = trusted.map(rangeOf)
  return (address: string) => {
    if (!ipaddr.isValid(address)) return false
    const a = ipaddr.process(address)
    return ranges.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits))
  }
}

function rangeOf(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (entry.includes('/')) {
    const [net, bits] = ipaddr.parseCIDR(entry)
    return [
      net.kind() === 'ipv6' && (net as ipaddr.IPv6).isIPv4MappedAddress() ? ipaddr.process(net.toString()) : net,
      bits,
    ]
  }
  const a = ipaddr.process(entry)
  return [a, a.kind() === 'ipv4' ? 32 : 128]
}

/** The addresses of `Forwarded: for=` (RFC 7239) or else `X-Forwarded-For`, nearest client first. */
function forwardedFor(headers: Headers): string[] {
  const forwarded = headers.get('forwarded')
  if (forwarded) {
    return [...forwarded.matchAll(/for=("?)\[?([^\]";,]+)\]?(?::\d+)?\1/gi)].map((m) => m[2].trim())
  }
  return (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}
