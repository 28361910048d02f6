import { isPrivateUse, LOOPBACK_HOSTS } from './redirect-uri-kind'

/**
 * Whether a redirect URI, as written, names its host: `scheme://` and then something. A URL parser supplies slashes
 * that are not there (`https:///cb` and `https:cb` both read as host `cb`), so the parsed form proves nothing, and
 * the text as written is what is stored and matched (docs/oauth.md#clients).
 */
export const hasWrittenHost = (uri: string) => /^[a-z][a-z\d+.-]*:\/\/[^/\\?#]/i.test(uri)

/**
 * Whether a redirect URI holds a backslash, which is no character of a URI (RFC 3986 §2: written %5C). Browsers read
 * it as a slash in an http or https URI (the WHATWG URL Standard), other URL readers as itself, so the two can name
 * different hosts: `https://app.example.com\@evil.example/cb` is app.example.com to one, evil.example (after user
 * information) to the other. Refused at registration and matched by no request (docs/oauth.md#clients).
 */
export const holdsBackslash = (uri: string) => uri.includes('\\')

// RFC 3986 §2: unreserved and reserved characters, and % with two hex digits; nothing else is a URI's.
const URI_TEXT = /^(?:[A-Za-z\d\-._~:/?#[\]@!$&'()*+,;=]|%[\dA-Fa-f]{2})*$/

/**
 * Whether a redirect URI holds a character no URI has (a tab or line break, a space, a letter outside ASCII, one of
 * `"<>^`{|}`, a stray `%`): the WHATWG URL Standard, which browsers follow, drops tabs and line breaks anywhere and
 * maps such letters in a host (U+3002 is a dot), so `https://app.example.com<TAB>.evil.example/cb` is host
 * app.example.com.evil.example to a browser and no URI at all to an RFC 3986 reader (docs/oauth.md#clients).
 */
export const holdsNonUriText = (uri: string) => !URI_TEXT.test(uri)

// The authority as written: a DNS name's characters or an IPv6 address in brackets, then a port; no user information.
const PLAIN_AUTHORITY = /^[a-z][a-z\d+.-]*:\/\/(?:[\w.-]+|\[[\dA-Fa-f:.]+\])(?::\d*)?(?:[/?#]|$)/i

/**
 * Whether a redirect URI writes its host as every URL reader ends and decodes it. A browser decodes a percent-encoded
 * host (`evil.example%E3%80%82app.example.com` is evil.example.app.example.com to it, evil.example%E3%80%82app… to
 * an RFC 3986 reader), and Node's legacy url.parse, which libraries still use, ends a host at `;` or `'` where a
 * browser reads on, so the host named to a user and the one a code goes to could differ (docs/oauth.md#clients).
 */
export const namesPlainHost = (uri: string) => PLAIN_AUTHORITY.test(uri)

/**
 * Whether a redirect URI is one the client registered: exactly, or, for http on a loopback IP address, with any port
 * (RFC 8252 §7.3 and OAuth 2.1: a native app listens on whatever port is free when it asks). One holding a backslash
 * is none, even if a registration stored it before registrations were refused one.
 */
export function isRegisteredRedirect(registered: readonly string[], uri: string): boolean {
  if (holdsBackslash(uri)) return false
  if (registered.includes(uri)) return true
  const portless = withoutLoopbackPort(uri)
  return portless !== undefined && registered.some((r) => withoutLoopbackPort(r) === portless)
}

// Compared as written, not as a URL parser would tidy them (`127.1`, `/a/../b`): only the port may differ, and the
// scheme's case, which is no part of what a URI names (RFC 3986 §3.1): `HTTP://127.0.0.1:5000/cb` is a loopback URI.
// The path stays exact.
const LOOPBACK_IP_URI = /^http:\/\/(127\.0\.0\.1|\[::1\])(?::\d{1,5})?([/?].*)?$/i
// The port must be one (up to 65535): `:99999` matches the pattern but is no URL, and the answer could not be sent.
const withoutLoopbackPort = (uri: string) => {
  const m = LOOPBACK_IP_URI.exec(uri)
  return m && URL.canParse(uri) ? `http://${m[1]}${m[2] ?? ''}` : undefined
}

/**
 * Where a code would go, as the consent page shows it: the host (with its port when there is one) or a native app's
 * scheme, and whether it is on the user's own computer, where any program can listen or claim the scheme: MCP's
 * authorization asks the page to warn of such a redirect URI (docs/oauth.md#consent).
 */
export function redirectTarget(uri: string): { redirectHost: string; redirectLocal: boolean } {
  const url = new URL(uri)
  // A native app's own scheme: the system opens whichever app claimed it, which any program on the computer can.
  if (isPrivateUse(uri)) return { redirectHost: url.protocol, redirectLocal: true }
  return { redirectHost: url.host, redirectLocal: url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) }
}

/**
 * Whether an authorization error may be sent to a redirect URI at once, before anyone signed in: a listener on the
 * user's own computer, or a page of this service (Swagger UI's). Any other is shown as a link (RFC 9700 §4.11.2).
 */
export const sentAtOnce = (uri: string, base: string) =>
  redirectTarget(uri).redirectLocal || new URL(uri).origin === URL.parse(base)?.origin
