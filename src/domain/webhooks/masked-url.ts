import { fieldError } from '../../errors'
import type { EndpointKind } from './kinds'

// docs/destinations.md#urls-are-shown-masked: a Slack, Discord or Teams webhook URL is itself the permission to post
// into the channel, so every view of a destination shows it with its secret parts replaced. The stored URL is the
// one deliveries use; a change that echoes the masked view keeps it.
export const MASK = '••••'
// A secret shorter than this is masked whole: its last 4 characters would be most of it.
const SHOWN_TAIL_FROM = 12
// A generic receiver's path segment that looks like a token: long, of URL-safe characters, letters and digits mixed.
const TOKEN_LIKE = /^(?=[\w-]*[A-Za-z])(?=[\w-]*\d)[\w-]{16,}$/
// The mask as a client that re-encodes the URL it was shown may send it back.
const ENCODED_MASK = /%E2%80%A2/gi

const masked = (secret: string) => (secret.length >= SHOWN_TAIL_FROM ? `${MASK}${secret.slice(-4)}` : MASK)
const maskedIf = (part: string, secret: boolean) => (part && secret ? masked(part) : part)

/** Which path segments (indices into pathname.split('/')) carry the secret of a URL of this kind. */
function secretSegments(kind: EndpointKind, segments: string[]): (i: number) => boolean {
  // Slack /services/T…/B…/{secret} and Discord /api/webhooks/{id}/{token}: the last segment that is not empty.
  const last = segments.findLastIndex((s) => s !== '')
  if (kind === 'slack' || kind === 'discord') return (i) => i === last
  if (kind === 'webhook') return (i) => TOKEN_LIKE.test(segments[i])
  // Teams: the workflow's path names it; its secret is the sig query parameter.
  return () => false
}

/** `raw` as a person is shown it: scheme, host, port and the path's plain parts kept, every secret part masked. */
export function maskedUrl(kind: EndpointKind, raw: string): string {
  if (!URL.canParse(raw)) return MASK
  const url = new URL(raw)
  const user = maskedIf(url.username, TOKEN_LIKE.test(url.username))
  const userinfo = url.username || url.password ? `${user}${url.password ? `:${masked(url.password)}` : ''}@` : ''
  const segments = url.pathname.split('/')
  const secret = secretSegments(kind, segments)
  const path = segments.map((s, i) => maskedIf(s, secret(i))).join('/')
  // Every query value: Teams' sig, a generic receiver's ?token=; the names stay, to be recognised.
  const query = url.search
    ? `?${url.search
        .slice(1)
        .split('&')
        .map((pair) => {
          const at = pair.indexOf('=')
          return at < 0 ? pair : `${pair.slice(0, at)}=${maskedIf(pair.slice(at + 1), true)}`
        })
        .join('&')}`
    : ''
  const fragment = url.hash ? `#${maskedIf(url.hash.slice(1), true)}` : ''
  return `${url.protocol}//${userinfo}${url.host}${path}${query}${fragment}`
}

/**
 * The URL a change means: the stored one when `given` is the masked view of it (a client that reads a destination and
 * sends it back whole), `given` itself when it holds no mask. A masked URL that is not this destination's view is
 * refused: it cannot be delivered to, and storing it would break the destination.
 */
export function unmaskedUrl(given: string, current: { kind: EndpointKind; url: string } | null): string {
  const said = given.replace(ENCODED_MASK, '•')
  if (!said.includes(MASK)) return given
  if (current?.url && said === maskedUrl(current.kind, current.url)) return current.url
  throw fieldError(
    'url',
    current?.url
      ? `holds the masked form (${MASK}) of a URL that is not this destination's: send the full URL to change it, or the URL exactly as shown to keep it`
      : `holds the masked form (${MASK}) of a URL: send the full URL`,
    current?.url
      ? `url holds a masked URL (${MASK}) that is not this destination's: send the full URL to change it, or the URL exactly as shown to keep it`
      : `url holds a masked URL (${MASK}): send the full URL`,
  )
}
