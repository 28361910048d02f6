import { isTrustedProxy } from '../client-address'

// docs/console.md#people-and-sessions: the session cookie. HttpOnly (no script reads it), SameSite=Lax (not sent
// with cross-site posts), Secure when the console is reached over https, and gone when the session expires.
// Over https the name carries the `__Host-` prefix: a browser keeps such a cookie only when this very host set it
// Secure with Path=/ and no Domain, so a sibling subdomain cannot plant a session of its own choosing.
const cookieName = (https: boolean) => (https ? '__Host-ls_session' : 'ls_session')

/** The session token the browser sent under the name this scheme uses, if any. */
export function sessionTokenOf(request: Request, https: boolean): string | undefined {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  const name = cookieName(https)
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined
  }
  return undefined
}

type ServerSettings = { public_url?: string; trusted_proxies: string[] }

/**
 * Whether the browser reached us over https: directly, at an https `server.public_url` (a proxy in front of it need
 * not say), or through a proxy that says so (`X-Forwarded-Proto`, or RFC 7239's `Forwarded: proto=`). Those headers
 * count only from a peer in `server.trusted_proxies`, as for the client's address: any other client could send them
 * over plain http and get a Secure cookie its browser would never send back.
 */
export const overHttps = (request: Request, server: ServerSettings, peer: string | undefined) =>
  request.url.startsWith('https:') ||
  (server.public_url ?? '').startsWith('https:') ||
  (isTrustedProxy(server.trusted_proxies, peer) &&
    (request.headers.get('x-forwarded-proto') === 'https' ||
      /(?:^|[;,\s])proto="?https"?(?=[;,\s]|$)/i.test(request.headers.get('forwarded') ?? '')))

const attributes = (https: boolean) => `Path=/; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`

export const sessionCookie = (https: boolean, token: string, expiresAt: Date) =>
  `${cookieName(https)}=${token}; ${attributes(https)}; Expires=${expiresAt.toUTCString()}`

export const clearedCookie = (https: boolean) =>
  `${cookieName(https)}=; ${attributes(https)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`
