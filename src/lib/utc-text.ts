/**
 * An instant's UTC text as `toISOString` writes it, and its date and month, with the text of each second made once
 * (docs/performance.md#dates): every counted request writes its month, its day and its log line's time, and these
 * three `toISOString` were 2% of a scoring request's CPU. Only what the milliseconds add is written per call.
 * Instants outside the years 0-9999, which `toISOString` writes with six digits and a sign, are written by it.
 */

// The first instant of the year 10000.
const YEAR_10000_MS = 253_402_300_800_000

let second = Number.NaN
// 'YYYY-MM-DDTHH:MM:SS' of `second`, and its date and month.
let secondIso = ''
let dateIso = ''
let monthIso = ''

/** Makes the second of `ms` the remembered one; false outside the years 0-9999. */
function seeSecond(ms: number): boolean {
  if (!(ms >= 0 && ms < YEAR_10000_MS)) return false
  const s = Math.floor(ms / 1000)
  if (s !== second) {
    secondIso = new Date(s * 1000).toISOString().slice(0, 19)
    dateIso = secondIso.slice(0, 10)
    monthIso = secondIso.slice(0, 7)
    second = s
  }
  return true
}

/** `at.toISOString()`. */
export function isoText(at: Date): string {
  const ms = at.getTime()
  if (!seeSecond(ms)) return at.toISOString()
  const milli = ms - second * 1000
  return `${secondIso}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`
}

/** `at.toISOString().slice(0, 10)`: the UTC date, YYYY-MM-DD. */
export const utcDate = (at: Date) => (seeSecond(at.getTime()) ? dateIso : at.toISOString().slice(0, 10))

/** `at.toISOString().slice(0, 7)`: the UTC month, YYYY-MM. */
export const utcMonth = (at: Date) => (seeSecond(at.getTime()) ? monthIso : at.toISOString().slice(0, 7))
