import ipaddr from 'ipaddr.js'
import * as v from 'valibot'
import { httpUrl, timeoutMs } from './fields'

// The `[server]` table (docs/operations.md#server-settings).

const port = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(65535))
const positiveInt = v.pipe(v.number(), v.integer(), v.minValue(1))

const ipOrCidr = v.pipe(
  v.string(),
  v.check(
    (s) => (s.includes('/') ? ipaddr.isValidCIDR(s) : ipaddr.isValid(s)),
    'must be an IP address or a CIDR range, such as "10.0.0.0/8"',
  ),
)

export const Server = v.strictObject({
  // Unset: every address (0.0.0.0), but only 127.0.0.1 for `serve --demo` (docs/operations.md#configuration-file).
  host: v.optional(v.string()),
  port: v.optional(port, 8080),
  max_body_bytes: v.optional(positiveInt, 1_048_576),
  // On SIGTERM/SIGINT: how long requests in flight and the polling pass in progress get to finish. Longer than
  // scorer.timeout_ms by default, so that a scoring call in flight can end (units of calls cut off are given back).
  shutdown_timeout_ms: timeoutMs(35_000),
  // One log line per request: method, route pattern, status, milliseconds, team, request id.
  log_requests: v.optional(v.boolean(), true),
  // Check each JSON answer against the route's documented schema (a 500 when it does not match): for development
  // and the test suite; off, an answer is sent as built (docs/performance.md#response-checks).
  check_responses: v.optional(v.boolean(), false),
  // The address users and clients reach the service at (behind a reverse proxy): the OAuth issuer and resource
  // identifiers are made from it. Empty: the scheme and host each request arrived with (docs/oauth.md#public-url).
  public_url: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        httpUrl,
        v.regex(/^https?:\/\/[^/?#]+\/?$/, 'must be a scheme and host only, such as "https://leads.example.com"'),
        // As a URL parser reads it, and so as a client derives it from the address it was given: a lower-case host, no
        // default port, no trailing slash (the issuer and the resource identifiers are made from it).
        v.transform((u) => new URL(u).origin),
      ),
    ]),
    '',
  ),
  // Browser origins besides the service's own that may call /mcp (docs/api.md#mcp-over-http), e.g.
  // "https://assistant.example.com". The service's own (public_url, or loopback on its port) need no entry.
  // Reverse proxies whose X-Forwarded-* / Forwarded headers give the client's address and scheme
  // (docs/console.md#sign-in).
  trusted_proxies: v.optional(v.array(ipOrCidr), []),
  allowed_origins: v.optional(
    v.array(
      v.pipe(
        httpUrl,
        v.transform((u) => new URL(u).origin),
      ),
    ),
    [],
  ),
})
