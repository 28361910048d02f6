import type { Timing } from './cadence'

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`

/**
 * What a destination will send and when, in words (docs/destinations.md#testing): its test message says it, so a
 * channel that gets a daily digest is not told to expect each lead as it comes. Its cadence in its time zone, then
 * its quiet hours (docs/destinations.md#cadence).
 */
export function sendingPlan(t: Timing): string {
  const zone = t.timeZone
  const where = t.kind === 'email' ? 'to this address' : 'here'
  const digest = {
    instant: '',
    hourly: `a digest every hour, on the hour (${zone})`,
    daily: `a daily digest at ${hour(t.digestHour)} ${zone}`,
    weekly: `a weekly digest on Mondays at ${hour(t.digestHour)} ${zone}`,
  }[t.cadence]
  const cadence = digest
    ? `New leads will come ${where} as ${digest}, when there are any.`
    : t.kind === 'email'
      ? `New leads will come ${where} as they are found, those of the same minute in one e-mail.`
      : `Each new lead will come ${where} as it is found.`
  if (t.quietFrom === null || t.quietTo === null || t.quietFrom === t.quietTo) return cadence
  const [from, to] = [hour(t.quietFrom), hour(t.quietTo)]
  return `${cadence} Nothing is sent from ${from} to ${to} ${zone}: what comes then waits until ${to}.`
}
