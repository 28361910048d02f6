import type { EndpointKind } from './kinds'

// docs/destinations.md#a-deleted-webhook: the answers with which Slack and Discord say that a webhook no longer
// exists, or that its channel takes no more messages. Sending to it again never succeeds (its URL was its only key),
// so the delivery is given up and the destination disabled at once, as on a 410, rather than retried for three days
// and sent to for five.
const AFTER = 'make a new webhook and give this destination its URL'

/**
 * Why this answer says the receiver is gone for good, for a destination of `kind`, or undefined. Only the platform's
 * own words count: another 404 (a proxy's page, a path typed wrong on a mirror) is retried as any failure is.
 */
export function goneFor(kind: EndpointKind, status: number, body: Uint8Array): string | undefined {
  if (kind === 'slack') return slackGone(status, new TextDecoder().decode(body).trim())
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

// Slack's incoming webhooks answer with a plain-text code. A removed or disabled webhook: 404 no_service. The
// webhook's channel deleted or archived: 404 channel_not_found, 410 channel_is_archived (Slack's changelog "Improving
// error conditions for Incoming Webhooks", 2016-05-17). We send no `channel`, so the channel is the webhook's own.
function slackGone(status: number, code: string): string | undefined {
  if (status === 404 && code === 'no_service')
    return `no_service: Slack no longer has this webhook (removed or disabled); ${AFTER}`
  if (status === 404 && code === 'channel_not_found')
    return `channel_not_found: the Slack channel of this webhook no longer exists; ${AFTER}`
  if (status === 410 && code === 'channel_is_archived')
    return `channel_is_archived: the Slack channel of this webhook is archived and takes no messages; unarchive it in Slack and enable this destination again, or ${AFTER}`
  return undefined
}
