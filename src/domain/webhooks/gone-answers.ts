import type { EndpointKind } from './kinds'

// docs/destinations.md#a-deleted-webhook: the answers with which Slack and Discord say that a webhook no longer
// exists. Sending to it again never succeeds (its URL was its only key), so the delivery is given up and the
// destination disabled at once, as on a 410, rather than retried for three days and sent to for five.
const AFTER = 'make a new webhook and give this destination its URL'

/**
 * Why this answer says the receiver is gone for good, for a destination of `kind`, or undefined. Only the platform's
 * own words count: another 404 (a proxy's page, a path typed wrong on a mirror) is retried as any failure is.
 */
export function goneFor(kind: EndpointKind, status: number, body: Uint8Array): string | undefined {
  // Slack's incoming webhooks answer a removed or disabled webhook with 404 and the plain-text code no_service.
  if (kind === 'slack' && status === 404 && new TextDecoder().decode(body).trim() === 'no_service')
    return `no_service: Slack no longer has this webhook (removed or disabled); ${AFTER}`
  if (kind === 'discord') {
    // Discord's JSON error codes: 10015 Unknown Webhook (deleted), 50027 Invalid Webhook Token (not this webhook's).
    const code = jsonCode(body)
    if (status === 404 && code === 10015) return `Unknown Webhook: Discord no longer has this webhook; ${AFTER}`
    if (status === 401 && code === 50027)
      return `Invalid Webhook Token: Discord no longer has this webhook under this token; ${AFTER}`
  }
  return undefined
}

function jsonCode(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body))?.code
  } catch {
    return undefined
  }
}
