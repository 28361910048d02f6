import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import type { Needs } from '../needs'
import { inQuietHours, quietEnd } from './cadence'

/**
 * Signals (and people turning hot) held for quiet hours wait for the end the old settings gave
 * (docs/destinations.md#quiet-hours). Once the hours or the time zone change, they wait for the end the new ones give,
 * or go at once when now is no longer quiet: they are not sent later than newer signals. A delivery waiting to be
 * retried keeps its own time.
 */
export async function rescheduleHeld(
  deps: Needs<never, 'webhookDeliveries'>,
  before: EndpointRow,
  after: EndpointRow,
  nowMs: number,
) {
  if (!inQuietHours(before, nowMs)) return
  const heldUntil = quietEnd(before, nowMs)
  const until = inQuietHours(after, nowMs) ? quietEnd(after, nowMs) : nowMs
  if (until !== heldUntil) await deps.repos.webhookDeliveries.moveHeld(after.id, heldUntil, until)
}
