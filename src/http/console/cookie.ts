// docs/console.md#people-and-sessions: the session cookie. HttpOnly (no script reads it), SameSite=Lax (not sent
// with cross-site posts), Secure when the console is reached over https, and gone when the session expires.
// `publicUrl` is server.public_url: an https one says the browser is on https even when the proxy does not.
// Over https the name carries the `__Host-` prefix: a browser keeps such a cookie only when this very host set it
// Secure with Path=/ and no Domain, so a sibling subdomain cannot plant a session of its own choosing.
const cookieName = (request: Request, publicUrl: string) =>
  overHttps(request, publicUrl) ? '__Host-ls_session' : 'ls_session'

/** The session token the browser sent under the name this scheme uses, if any. */
export function sessionTokenOf(request: Request, publicUrl: string): string | undefined {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  const name = cookieName(request, publicUrl)
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined
  }
  return undefined
}

/**
 * Whether the browser reached us over https: directly, through a proxy that says so (`X-Forwarded-Proto`, or
 * RFC 7239's `Forwarded: proto=`), or at an https `server.public_url` (a proxy in front of it need not say).
 */
export const overHttps = (request: Request, publicUrl = '') =>
  request.url.startsWith('https:') ||
  publicUrl.startsWith('https:') ||
  request.headers.get('x-forwarded-proto') === 'https' ||
  /(?:^|[;,\s])proto="?https"?(?=[;,\s]|$)/i.test(request.headers.get('forwarded') ?? '')

const attributes = (request: Request, publicUrl: string) =>
  `Path=/; HttpOnly; SameSite=Lax${overHttps(request, publicUrl) ? '; Secure' : ''}`

export const sessionCookie = (request: Request, publicUrl: string, token: string, expiresAt: Date) =>
  `${cookieName(request, publicUrl)}=${token}; ${attributes(request, publicUrl)}; Expires=${expiresAt.toUTCString()}`

export const clearedCookie = (request: Request, publicUrl: string) =>
  `${cookieName(request, publicUrl)}=; ${attributes(request, publicUrl)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`
