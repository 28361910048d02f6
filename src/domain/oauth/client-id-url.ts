import { hasWrittenHost, holdsBackslash, holdsNonUriText, namesPlainHost } from './redirect-uri'

// The path as written: after the authority, up to the query or fragment.
const PATH = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*([^?#]*)/i
// A "." or ".." segment, also percent-encoded (%2e), which a URL parser removes with the segment before it.
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|$)/i

/**
 * Why a client id URL cannot name a client, or undefined when it can (docs/oauth.md#clients). The consent page shows
 * it as who asks ("Identified by …"), so it must read as the document it was fetched from: no character outside a
 * URI (a backslash, which browsers read as a slash; a tab, which they drop), a host written as every reader ends it,
 * without user information (`https://trusted.example@evil.example/c.json` is evil.example's), and, as the OAuth Client
 * ID Metadata Document draft (§3) asks, no fragment and no "." or ".." path segments, which make it another URL than
 * the one fetched.
 */
export function clientIdUrlFault(id: string): string | undefined {
  if (holdsBackslash(id) || holdsNonUriText(id))
    return 'a client id URL must hold only the characters of a URI (no backslash, space, tab or letter outside ASCII)'
  if (!hasWrittenHost(id) || !namesPlainHost(id))
    return 'a client id URL must name its host as letters, digits, "-", "_" and "." (or an IP address), with no user information'
  if (id.includes('#')) return 'a client id URL must not have a fragment'
  if (DOT_SEGMENT.test(PATH.exec(id)?.[1] ?? '')) return 'a client id URL must not hold "." or ".." path segments'
  return undefined
}
