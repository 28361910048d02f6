import type { Timing } from './cadence'

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`

/**
 * What a destination will send and when, in words (docs/destinations.md#testing): its test message says it, so a
 * channel that gets a daily digest is not told to expect each lead as it comes. Its cadence in its time zone, then
 * its quiet hours (docs/destinations.md#cadence); a person.updated destination's, that it tells of people turning hot.
 */
export function sendingPlan(t: Timing & { event?: string }): string {
  const zone = t.timeZone
  const where = t.kind === 'email' ? 'to this address' : 'here'
  const digest = {
    instant: '',
    hourly: `a digest every hour, on the hour (${zone})`,
    daily: `a daily digest at ${hour(t.digestHour)} ${zone}`,
    weekly: `a weekly digest on Mondays at ${hour(t.digestHour)} ${zone}`,
  }[t.cadence]
  // A person.updated destination is a webhook sent at once, of people rather than leads
  // (docs/people.md#person-updated).
  const cadence =
    t.event === 'person.updated'
      ? "Each person who turns hot (reaches the team's heat threshold) will come here as an event when it happens."
      : digest
        ? `New leads will come ${where} as ${digest}, when there are any.`
        : t.kind === 'email'
          ? `New leads will come ${where} as they are found, those of the same minute in one e-mail.`
          : `Each new lead will come ${where} as it is found.`
  if (t.quietFrom === null || t.quietTo === null || t.quietFrom === t.quietTo) return cadence
  const [from, to] = [hour(t.quietFrom), hour(t.quietTo)]
  return `${cadence} Nothing is sent from ${from} to ${to} ${zone}: what comes then waits until ${to}.`
}
