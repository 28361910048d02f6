// Wall-clock times in an IANA time zone: digests and quiet hours (docs/destinations.md#cadence), a platform's quota
// day (YouTube's ends at midnight Pacific) and a budget's day.
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

/**
 * Whether `timeZone` is an IANA zone this runtime knows. The runtime also takes a bare offset ("+05:00"), which is no
 * zone: it keeps no daylight saving, so it is refused here as the documents promise a zone name.
 */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z]/.test(timeZone)) return false
  try {
    formatOf(timeZone)
    return true
  } catch {
    return false
  }
}

/** The zone as the runtime names it ("utc" is "UTC", "europe/berlin" "Europe/Berlin"), for a zone isTimeZone takes. */
export const canonicalTimeZone = (timeZone: string) => formatOf(timeZone).resolvedOptions().timeZone

/** The zone's wall clock at `ms`, as if it were UTC (its getUTC… fields are the local ones). */
export function wallClock(timeZone: string, ms: number): Date {
  const p = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(new Date(ms))
      .map((x) => [x.type, Number(x.value)]),
  )
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) + (ms % 1000))
}

/** How far the zone's wall clock is ahead of UTC at `ms`, in ms. */
const offsetAt = (timeZone: string, ms: number) => wallClock(timeZone, ms).getTime() - ms

const SIX_HOURS_MS = 6 * 3_600_000

/** The other instant whose wall clock in `timeZone` reads as at `ms` (in the hour the clocks going back repeat). */
function twinOf(timeZone: string, ms: number): number | undefined {
  const local = wallClock(timeZone, ms).getTime()
  const offset = local - ms
  // It is as far off as the offsets a few hours around differ.
  for (const other of [offsetAt(timeZone, ms - SIX_HOURS_MS), offsetAt(timeZone, ms + SIX_HOURS_MS)]) {
    const twin = ms + offset - other
    if (other !== offset && wallClock(timeZone, twin).getTime() === local) return twin
  }
  return undefined
}

/**
 * The zone's wall clock at `ms` to the minute ("2026-10-25 02:30"), followed by its offset from UTC ("+02:00") when
 * that wall-clock time comes twice (the hour the clocks going back repeat), so that a reader can tell which it is.
 */
export function wallClockText(timeZone: string, ms: number): string {
  const local = wallClock(timeZone, ms)
  const text = local.toISOString().slice(0, 16).replace('T', ' ')
  if (twinOf(timeZone, ms) === undefined) return text
  const offset = local.getTime() - ms
  const minutes = Math.abs(offset) / 60_000
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return `${text} ${offset < 0 ? '-' : '+'}${hhmm}`
}

/** The instant whose wall clock in `timeZone` reads `local` (a Date read through its UTC fields). */
function instantOf(timeZone: string, local: number): number {
  const guess = local - offsetAt(timeZone, local)
  // The offset at the answer may differ from the guess's (a daylight-saving change in between).
  return local - offsetAt(timeZone, guess)
}

/** The next midnight in an IANA time zone after `now` (e.g. YouTube's quota day, which ends at midnight Pacific). */
export const nextMidnightIn = (timeZone: string, now: Date): Date => midnightIn(timeZone, now, 1)

/**
 * The day holding `at` in an IANA time zone, from its midnight to the next (23 or 25 hours on a daylight-saving
 * change).
 */
export function dayIn(timeZone: string, at: Date): { start: Date; end: Date } {
  return { start: midnightIn(timeZone, at, 0), end: midnightIn(timeZone, at, 1) }
}

/** The midnight that starts the zone's day holding `now`, moved by `days` days. */
function midnightIn(timeZone: string, now: Date, days: number): Date {
  const local = wallClock(timeZone, now.getTime())
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days)
  // The offset at midnight itself may differ from now's (a daylight-saving change during the day).
  const guess = midnight - offsetAt(timeZone, now.getTime())
  return new Date(midnight - offsetAt(timeZone, guess))
}

/**
 * The first instant after `afterMs` whose wall clock in `timeZone` is `hour`:00, on `weekday` (0 Sunday … 6 Saturday)
 * when given. An hour the clocks going back repeat is its second coming, or with `earlier` its first one after
 * `afterMs`.
 */
export function nextWallHour(
  timeZone: string,
  afterMs: number,
  hour: number,
  a: { weekday?: number; earlier?: boolean } = {},
): number {
  const today = wallClock(timeZone, afterMs)
  for (let day = 0; day <= 8; day++) {
    const local = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + day, hour)
    if (a.weekday !== undefined && new Date(local).getUTCDay() !== a.weekday) continue
    const at = instantOf(timeZone, local)
    const first = a.earlier ? twinOf(timeZone, at) : undefined
    if (first !== undefined && first < at && first > afterMs) return first
    if (at > afterMs) return at
  }
  throw new Error('unreachable: a wall-clock hour occurs every week')
}
