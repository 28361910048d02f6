import type { Config } from '../../config/schema'

/**
 * The service's own address (docs/oauth.md#public-url): `server.public_url` when set, else the scheme and host the
 * request came in with. The issuer and the resource identifiers are made from it.
 */
export function publicBase(config: Pick<Config, 'server'>, requestUrl: string): string {
  if (config.server.public_url) return config.server.public_url
  // Bun builds the URL from the Host header, which need not parse (docs/api.md#mcp-over-http).
  return URL.parse(requestUrl)?.origin ?? 'http://localhost'
}

/**
 * The resource identifiers of this service (RFC 8707): the MCP endpoint and the service as a whole (the REST API).
 * They are one protected resource with two names, so a token issued for either is accepted on both, and a token for
 * any other identifier, another host included, on neither (docs/oauth.md#tokens).
 */
export const resourcesOf = (base: string) => ({ mcp: `${base}/mcp`, api: base })

export const isOurResource = (base: string, resource: string) => ourResource(base, resource) !== undefined

// A scheme and host (no user information), then nothing, `/` or `/mcp`: the shapes of this service's identifiers.
const RESOURCE = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@]*)(\/|\/mcp)?$/

/**
 * A resource identifier that names this service, as the service writes it (`base`, `base/` or `base/mcp`), else
 * undefined. MCP's authorization asks a server to accept an upper-case scheme or host, so those are compared as a URL
 * parser reads them (a default port is no port); the path is compared as written.
 */
function ourResource(base: string, resource: string): string | undefined {
  const m = RESOURCE.exec(resource)
  const origin = m?.[1] === undefined ? undefined : URL.parse(m[1])?.origin
  return origin !== undefined && origin === URL.parse(base)?.origin ? `${base}${m?.[2] ?? ''}` : undefined
}

/**
 * The `resource` parameters of a request (RFC 8707 §2 allows several) as the one resource they name, or why not. Each
 * must name this service; its names are one protected resource, so a token for them all is a token for it. None is
 * undefined (the grant's resource, or the base for a new request).
 */
export function requestedResource(base: string, resources: string[]): { resource?: string } | { refused: string } {
  const ours = resources.map((resource) => ourResource(base, resource))
  const other = resources.find((_, i) => ours[i] === undefined)
  if (other !== undefined) {
    const { mcp, api } = resourcesOf(base)
    return { refused: `resource ${other} is not this service, which answers to ${mcp} and ${api}` }
  }
  return { resource: ours[0] }
}

/** Whether two of this service's resource identifiers name the same resource: the MCP address, the base, `base/`. */
export const sameResource = (a: string, b: string) => baseOf(a) === baseOf(b)
const baseOf = (resource: string) => resource.replace(/\/(mcp)?$/, '')
