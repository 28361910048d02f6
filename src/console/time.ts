// Times as a person reads them in a list: "5 min ago", with the exact local time on hover. Counted from the server's
// now, as the times are the server's (server-clock.ts).
import { serverNow } from './server-clock'

const UNITS: [number, string][] = [
  [60, 's'],
  [60, 'min'],
  [24, 'h'],
  [30, 'd'],
]

/**
 * "just now", "12 min ago", "3 h ago", "5 d ago"; older than 30 days, the local date. A time to come reads "in 5 min":
 * a `scheduled` one (a next attempt, a retry) as soon as it is ahead, "in under a minute" too; any other only when
 * more than a minute ahead, as a server's clock a few seconds ahead of the browser's made "just now" read "in under a
 * minute" for what had just happened.
 */
export function relative(iso: string, now = serverNow(), opts: { scheduled?: boolean } = {}): string {
  const then = Date.parse(iso)
  let amount = Math.round((now - then) / 1000)
  if (amount < -60 || (opts.scheduled && then > now)) return fromNow(iso, now)
  if (amount < 45) return 'just now'
  for (const [size, unit] of UNITS) {
    if (amount < size) return `${amount} ${unit} ago`
    amount = Math.floor(amount / size)
  }
  return new Date(then).toLocaleDateString()
}

/** in-the-future counterpart for schedules: "in 12 min", "in 3 h". */
export function fromNow(iso: string, now = serverNow()): string {
  const seconds = (Date.parse(iso) - now) / 1000
  if (seconds < 60) return 'in under a minute'
  const minutes = Math.round(seconds / 60)
  if (minutes < 90) return `in ${minutes} min`
  return `in ${Math.round(minutes / 60)} h`
}

/**
 * The exact time on hover over a relative one ("11/1/2026, 9:00:00 AM GMT+9"): with its zone, as the reader's clock
 * may not be the one they assume (a colleague's link, a laptop still on home time).
 */
export const exactly = (iso: string) => new Date(iso).toLocaleString(undefined, { timeZoneName: 'short' })
