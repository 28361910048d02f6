const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

/**
 * A redirect URI a client may register (docs/oauth.md#clients): an absolute https URI, or http on the loopback
 * interface (a native app's local listener), without a fragment. Codes are only ever sent to a URI registered
 * exactly, so this is the one check on where they can go.
 */
export function isAllowedRedirectUri(uri: string): boolean {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return false
  }
  if (url.hash || uri.includes('#') || url.username || url.password) return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

/** Where a code would go, as the consent page shows it: the host (with its port when there is one). */
export const redirectHost = (uri: string) => new URL(uri).host
