/** The next midnight in an IANA time zone after `now` (e.g. YouTube's quota day, which ends at midnight Pacific). */
export const nextMidnightIn = (timeZone: string, now: Date): Date => midnightIn(timeZone, now, 1)

/** The day holding `at` in an IANA time zone, from its midnight to the next (23 or 25 hours on a daylight-saving change). */
export function dayIn(timeZone: string, at: Date): { start: Date; end: Date } {
  return { start: midnightIn(timeZone, at, 0), end: midnightIn(timeZone, at, 1) }
}

/** The midnight that starts the zone's day holding `now`, moved by `days` days. */
function midnightIn(timeZone: string, now: Date, days: number): Date {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
  // How far the zone's wall clock is ahead of UTC at `at`, in ms.
  const offset = (at: Date) => {
    const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, Number(x.value)]))
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000
  }
  const local = new Date(now.getTime() + offset(now))
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days)
  // The offset at midnight itself may differ from now's (a daylight-saving change during the day).
  const guess = midnight - offset(now)
  return new Date(midnight - offset(new Date(guess)))
}
