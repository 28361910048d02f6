/**
 * Whether the runtime's fetch sends a request for `url` through a proxy named in the environment (it reads these
 * variables at each request): the proxy then connects, by the name it is given, and a pinned address would make a
 * proxy that allows names refuse the request (docs/security.md#outbound-requests). A host that `NO_PROXY` lists is
 * connected to directly, after a look-up of the runtime's own, so it is not taken as proxied: its request must go to
 * the address the check approved. The list is read loosely (any port, a leading dot or `*.`, every name under a
 * domain), as reading a bypassed host as proxied is what would let a second look-up pick the address.
 */
export function viaProxy(url: URL): boolean {
  const proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => process.env[name])
  return proxied && !bypassed(url.hostname.toLowerCase())
}

function bypassed(host: string): boolean {
  const list = `${process.env.NO_PROXY ?? ''},${process.env.no_proxy ?? ''}`
  return list.split(/[\s,]+/).some((raw) => {
    const entry = raw
      .toLowerCase()
      .replace(/^\*?\./, '')
      .replace(/:\d*$/, '')
    return entry === '*' || (entry !== '' && (host === entry || host.endsWith(`.${entry}`)))
  })
}
