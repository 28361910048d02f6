const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const TIME = String.raw`(\d{2}):(\d{2}):(\d{2})`
// RFC 9110 §5.6.7's three forms of an HTTP-date, all in UTC: IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT", the
// obsolete RFC 850 "Sunday, 06-Nov-94 08:49:37 GMT" and asctime "Sun Nov  6 08:49:37 1994". A recipient must read all
// three; Date.parse reads asctime in the local zone, and reads "1.5" or "3600.5" as dates.
const IMF_FIXDATE = new RegExp(String.raw`^[a-z]{3}, (\d{2}) ([a-z]{3}) (\d{4}) ${TIME} GMT$`, 'i')
const RFC850_DATE = new RegExp(String.raw`^[a-z]{6,9}, (\d{2})-([a-z]{3})-(\d{2}) ${TIME} GMT$`, 'i')
const ASCTIME_DATE = new RegExp(String.raw`^[a-z]{3} ([a-z]{3}) ([ \d]\d) ${TIME} (\d{4})$`, 'i')

/**
 * A Retry-After header (RFC 9110 §10.2.3) as seconds from `nowMs`: a number of seconds, or an HTTP-date (0 once it
 * has passed) read against the answer's own clock (answerNowMs). A decimal number, which the RFC does not allow, is
 * read as the seconds it plainly means. Undefined when absent or anything else.
 */
export function retryAfterSeconds(headers: Headers, nowMs: number): number | undefined {
  const value = headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value)
  const at = httpDateMs(value, nowMs)
  return at === undefined ? undefined : Math.max(0, (at - answerNowMs(headers, nowMs)) / 1000)
}

/**
 * The time an answer was made on its server's clock, its `Date` header (RFC 9110 §6.6.1), or `nowMs` when it has
 * none that reads. A Retry-After date, or a reset time (GitHub's epoch seconds, Mastodon's ISO time), is on that
 * clock: measured from its Date, the wait is the one it asked for though the two clocks are minutes apart
 * (docs/platforms.md#rate-limits).
 */
export function answerNowMs(headers: Headers, nowMs: number): number {
  const date = headers.get('date')?.trim()
  return (date ? httpDateMs(date, nowMs) : undefined) ?? nowMs
}

function httpDateMs(value: string, nowMs: number): number | undefined {
  let m = IMF_FIXDATE.exec(value)
  if (m) return utc(Number(m[3]), m[2], m[1], m.slice(4))
  m = RFC850_DATE.exec(value)
  if (m) {
    // RFC 9110 §5.6.7: a two-digit year more than 50 years ahead is the most recent past year ending in those digits.
    const thisYear = new Date(nowMs).getUTCFullYear()
    let year = thisYear - (thisYear % 100) + Number(m[3])
    if (year > thisYear + 50) year -= 100
    return utc(year, m[2], m[1], m.slice(4))
  }
  m = ASCTIME_DATE.exec(value)
  if (m) return utc(Number(m[6]), m[1], m[2], m.slice(3, 6))
  return undefined
}

function utc(year: number, monthName: string, day: string, [h, min, s]: string[]): number | undefined {
  const month = MONTHS.indexOf(monthName.toLowerCase())
  if (month < 0) return undefined
  const ms = Date.UTC(year, month, Number(day), Number(h), Number(min), Number(s))
  // "31 Feb" or "25:00:00" would roll over into another instant: not a date.
  const d = new Date(ms)
  return d.getUTCDate() === Number(day) && d.getUTCHours() === Number(h) && d.getUTCMinutes() === Number(min)
    ? ms
    : undefined
}
