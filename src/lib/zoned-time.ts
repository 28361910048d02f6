// Wall-clock times in an IANA time zone, for digests and quiet hours (docs/destinations.md#cadence).
const formats = new Map<string, Intl.DateTimeFormat>()
const formatOf = (timeZone: string) => {
  let f = formats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formats.set(timeZone, f)
  }
  return f
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatOf(timeZone)
    return true
  } catch {
    return false
  }
}

/** The zone's wall clock at `ms`, as if it were UTC (its getUTC… fields are the local ones). */
export function wallClock(timeZone: string, ms: number): Date {
  const p = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(new Date(ms))
      .map((x) => [x.type, Number(x.value)]),
  )
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) + (ms % 1000))
}

/** The instant whose wall clock in `timeZone` reads `local` (a Date read through its UTC fields). */
export function instantOf(timeZone: string, local: number): number {
  const offsetAt = (ms: number) => wallClock(timeZone, ms).getTime() - ms
  const guess = local - offsetAt(local)
  // The offset at the answer may differ from the guess's (a daylight-saving change in between).
  return local - offsetAt(guess)
}

/**
 * The first instant after `afterMs` whose wall clock in `timeZone` is `hour`:00, on `weekday` (0 Sunday … 6 Saturday)
 * when given.
 */
export function nextWallHour(timeZone: string, afterMs: number, hour: number, weekday?: number): number {
  const today = wallClock(timeZone, afterMs)
  for (let day = 0; day <= 8; day++) {
    const local = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + day, hour)
    if (weekday !== undefined && new Date(local).getUTCDay() !== weekday) continue
    const at = instantOf(timeZone, local)
    if (at > afterMs) return at
  }
  throw new Error('unreachable: a wall-clock hour occurs every week')
}
