/**
 * The hosts of an app's local listener (RFC 8252 §7.3, §8.3): the only ones a redirect URI may name over plain
 * http.
 */
export const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

const SCHEME = /^([a-z][a-z\d+.-]*):/i
// RFC 8252 §7.1 (and OAuth 2.1's "Private-Use URI Scheme Redirection"): a native app's own scheme is a domain name it
// controls, written in reverse (`com.example.app`). §8.4 asks the server to refuse one without a period (`myapp:`),
// which also keeps out the schemes a browser or the system handles itself (`javascript:`, `data:`, `file:`,
// `ms-msdt:`): a redirect from this service, after the user's Allow, must never start one of their handlers.
const REVERSE_DOMAIN = /^[a-z][a-z\d-]*(?:\.[a-z\d-]+)+$/i

const GENERAL =
  "must be https, http on 127.0.0.1, [::1] or localhost, or a native app's scheme named after its domain (com.example.app:/path)"
const NOT_REVERSE_DOMAIN =
  'uses a scheme of its own that is no domain name in reverse (RFC 8252 §7.1, §8.4); write one such as com.example.app:/callback, or use http://127.0.0.1:PORT/path or https'

// Cursor registers cursor://anysphere.cursor-mcp/oauth/callback first among its redirect URIs and shows the refusal
// to its user, who can still connect it with a key in its MCP headers (docs/oauth.md#clients).
const CURSOR =
  "is Cursor's own scheme, which is no domain name in reverse, so this server refuses it (RFC 8252 §7.1, §8.4); connect Cursor with the team's API key in an x-api-key header of its MCP server entry instead (this server's /docs/api.md#mcp-over-http)"

const schemeOf = (uri: string) => SCHEME.exec(uri)?.[1]

/** Whether a redirect URI uses a native app's own scheme, named after its domain (docs/oauth.md#clients). */
export const isPrivateUse = (uri: string) => REVERSE_DOMAIN.test(schemeOf(uri) ?? '')

/** Whether a private-use redirect URI is written without an authority (`com.example.app:/path`, RFC 8252 §7.1). */
export const isPathOnlyPrivateUse = (uri: string) => isPrivateUse(uri) && !/^[^:]+:\/\//.test(uri)

/**
 * What is wrong with the kind of a redirect URI a client registers, if anything (docs/oauth.md#clients): it must be
 * https, http on the loopback interface (a native app's local listener), or a native app's reverse-domain scheme with
 * `/` after it, without a fragment (RFC 6749 §3.1.2) or user information. The other checks of the text as written
 * follow (client-metadata.ts).
 */
export function redirectKindProblem(uri: string): string | undefined {
  if (uri.includes('#')) return 'holds a fragment (#), which a redirect URI may not have (RFC 6749 §3.1.2)'
  const scheme = schemeOf(uri)
  const url = URL.parse(uri)
  if (scheme === undefined || !url) return GENERAL
  if (url.username || url.password) return 'holds user information (user@), which a redirect URI may not have'
  const lower = scheme.toLowerCase()
  if (lower === 'https') return undefined
  if (lower === 'http')
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : 'is http on a host other than 127.0.0.1, [::1] or localhost; use https'
  if (lower === 'cursor') return CURSOR
  if (!REVERSE_DOMAIN.test(scheme)) return NOT_REVERSE_DOMAIN
  return uri.startsWith('/', scheme.length + 1) ? undefined : `has no "/" after its scheme; write it as ${scheme}:/path`
}
