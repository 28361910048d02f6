import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'

/** Why an outbound URL was refused or failed; the message names no address, so it can be shown to a caller. */
export class OutboundError extends Error {
  constructor(
    readonly reason: 'private_address' | 'unresolvable' | 'timeout' | 'too_large' | 'network' | 'bad_url',
    message: string,
  ) {
    super(message)
  }
}

type Resolver = (hostname: string) => Promise<string[]>

export type AddressPolicy = {
  /** On-prem receivers and clients on the same network: private, loopback and link-local targets allowed. */
  allowPrivate: boolean
  /** The system resolver unless a test names one. */
  resolve?: Resolver
}

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address)

/**
 * Only ordinary public unicast addresses: ipaddr.js names every special range (private, loopback, link-local,
 * unique-local, carrier-grade NAT, multicast, reserved, and IPv6 forms that embed an IPv4 address), and an
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries (docs/security.md#outbound-requests).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.process(address)
  const carried = parsed.kind() === 'ipv6' ? ipv4Compatible(parsed as ipaddr.IPv6) : null
  return (carried ?? parsed).range() === 'unicast'
}

/**
 * The IPv4 address an IPv4-compatible IPv6 address (`::a.b.c.d`, the deprecated ::/96 form) carries, or null.
 * ipaddr.js calls such an address plain unicast, yet a stack that still routes the form reaches the IPv4 address
 * (`[::127.0.0.1]` is loopback there), so it is judged as that address. `::` and `::1` are not of the form.
 */
function ipv4Compatible(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = a.parts
  if (p.slice(0, 6).some((x) => x !== 0) || (p[6] === 0 && p[7] <= 1)) return null
  return new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff])
}

/**
 * Resolves a URL's host and refuses it when any of its addresses is not public (unless the policy allows private
 * targets): a name with one public and one private address could be answered with either. Checked each time a
 * request is about to be sent, not only when the URL was saved, as a name can be pointed elsewhere later.
 * Answers the address a request must connect to when the host is a name (an IPv4 one first, as most receivers have),
 * so that the connection goes where the check looked, not where a second look-up says (DNS rebinding).
 */
export async function checkTarget(url: URL, policy: AddressPolicy): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (policy.allowPrivate) return undefined
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw privateAddress(url)
    return undefined
  }
  const addresses = await resolveAll(host, policy.resolve ?? systemResolver)
  if (addresses.some((a) => !isPublicAddress(a))) throw privateAddress(url)
  return addresses.find((a) => ipaddr.IPv4.isValid(a)) ?? addresses[0]
}

const privateAddress = (url: URL) =>
  new OutboundError('private_address', `${url.hostname} is a private, loopback or link-local address`)

/** What to check when a host name could not be resolved: the address, or what this server can look up. */
export const UNRESOLVED_ADVICE =
  'check the address; this server must be able to look the name up, which one without internet access cannot do for a public name'

async function resolveAll(host: string, resolve: Resolver): Promise<string[]> {
  try {
    const found = await resolve(host)
    if (found.length > 0) return found
  } catch {}
  throw new OutboundError('unresolvable', `${host} could not be resolved`)
}
