// docs/console.md#people-and-sessions: the session cookie. HttpOnly (no script reads it), SameSite=Lax (not sent
// with cross-site posts), Secure when the console is reached over https, and gone when the session expires.
export const SESSION_COOKIE = 'ls_session'

/** The session token the browser sent, if any. */
export function sessionTokenOf(request: Request): string | undefined {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || undefined
  }
  return undefined
}

/** Whether the browser reached us over https (directly, or through a proxy that says so). */
export const overHttps = (request: Request) =>
  request.url.startsWith('https:') || request.headers.get('x-forwarded-proto') === 'https'

const attributes = (request: Request) => `Path=/; HttpOnly; SameSite=Lax${overHttps(request) ? '; Secure' : ''}`

export const sessionCookie = (request: Request, token: string, expiresAt: Date) =>
  `${SESSION_COOKIE}=${token}; ${attributes(request)}; Expires=${expiresAt.toUTCString()}`

export const clearedCookie = (request: Request) =>
  `${SESSION_COOKIE}=; ${attributes(request)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`
