import { nextWallHour, wallClock } from '../../lib/zoned-time'

// docs/destinations.md#cadence: when a destination's messages go.
export type Cadence = 'instant' | 'hourly' | 'daily' | 'weekly'
export type Timing = {
  kind: string
  cadence: Cadence
  digestHour: number
  timeZone: string
  quietFrom: number | null
  quietTo: number | null
}

// An instant e-mail gathers the signals of one minute into one message (several found together are one e-mail).
const EMAIL_BATCH_MS = 60_000
// A window is built this long after it ends (by the database's clock, which stamps found times as they are stored),
// so that a write that stamped its signals before the end and committed after it is in it
// (docs/destinations.md#exactly-once).
export const SETTLE_MS = 2 * 60_000
const HOUR_MS = 3_600_000
const MONDAY = 1

/** Whether the destination is sent windows of signals (a digest, or e-mail batches) rather than one per signal. */
export const sendsWindows = (t: Pick<Timing, 'kind' | 'cadence'>) => t.cadence !== 'instant' || t.kind === 'email'

/** Whether `ms` falls in the destination's quiet hours (from `quietFrom`:00 to `quietTo`:00, wall clock). */
export function inQuietHours(t: Timing, ms: number): boolean {
  if (t.quietFrom === null || t.quietTo === null || t.quietFrom === t.quietTo) return false
  const hour = wallClock(t.timeZone, ms).getUTCHours()
  return t.quietFrom < t.quietTo ? hour >= t.quietFrom && hour < t.quietTo : hour >= t.quietFrom || hour < t.quietTo
}

/** When the quiet hours around `ms` end: what is held is sent then. */
export const quietEnd = (t: Timing, ms: number) =>
  // The first of an hour that comes twice: inQuietHours reads the wall clock, so quiet hours are over from then.
  nextWallHour(t.timeZone, ms, t.quietTo as number, { earlier: true })

/** The end of the window that starts at `fromMs`: its cadence's next boundary, moved past quiet hours. */
export function windowEnd(t: Timing, fromMs: number): number {
  const end = cadenceBoundary(t, fromMs)
  return inQuietHours(t, end) ? quietEnd(t, end) : end
}

function cadenceBoundary(t: Timing, fromMs: number): number {
  switch (t.cadence) {
    case 'instant':
      return (Math.floor(fromMs / EMAIL_BATCH_MS) + 1) * EMAIL_BATCH_MS
    case 'hourly': {
      // The next o'clock of the zone's wall clock (zones half an hour off UTC have theirs at :30 UTC).
      const local = wallClock(t.timeZone, fromMs).getTime()
      return fromMs + (Math.floor(local / HOUR_MS) + 1) * HOUR_MS - local
    }
    case 'daily':
      return nextWallHour(t.timeZone, fromMs, t.digestHour)
    case 'weekly':
      return nextWallHour(t.timeZone, fromMs, t.digestHour, { weekday: MONDAY })
  }
}
