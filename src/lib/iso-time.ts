const DATE = /^\d{4}-\d{2}-\d{2}$/
/**
 * A date, or a date-time with a zone. RFC 3339 section 5.6 lets "T" and "Z" be written in lower case and (its note) a
 * space stand between the date and the time, as a database's text form or a spreadsheet writes it. Written without
 * flags so that the OpenAPI document can publish it as the `since` parameter's pattern (JSON Schema reads no flags).
 */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2}))?$/

// The form Date.parse is sure to read: an upper-case T and Z (a date alone as UTC midnight).
const withT = (text: string) =>
  DATE.test(text) ? `${text}T00:00:00Z` : `${text.slice(0, 10)}T${text.slice(11)}`.replace(/z$/, 'Z')

/** An ISO 8601 date (taken as UTC midnight) or date-time with a zone, as a UTC ISO string; undefined if neither. */
export function toUtcIso(text: string): string | undefined {
  if (!ISO_INSTANT.test(text)) return undefined
  // Date.parse rolls 2026-02-31 over into March, with a time and zone too; a date that does not exist is an error,
  // not another day. The day written is checked as written, before any zone moves it.
  const day = text.slice(0, 10)
  const midnight = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return undefined
  const ms = Date.parse(withT(text))
  if (Number.isNaN(ms)) return undefined
  const iso = new Date(ms).toISOString()
  // 9999-12-31T23:00:00-05:00 is in the year 10000, written +010000-…: times are kept as text of one width, whose
  // order is time order (storage/tables/signals.ts), and that one would sort before every other.
  return iso.length === 24 ? iso : undefined
}

/**
 * Why `text` is no instant toUtcIso reads, in the words every reader of a time uses (the filter `since`, an import's
 * times): its form, or (a form that is right) its day, its time of day or zone, or its year. `dateAlone`: whether a
 * date without a time is taken (a filter's 00:00 UTC; a post's time needs the instant). Undefined if it is one.
 */
export function instantIssue(text: string, dateAlone: boolean): string | undefined {
  if (!ISO_INSTANT.test(text) || (!dateAlone && DATE.test(text)))
    return dateAlone
      ? 'must be an ISO 8601 date or date-time with a time zone, such as 2026-11-01 or 2026-11-01T09:00:00Z'
      : 'must be an ISO 8601 date-time with a time zone, such as 2026-11-01T09:00:00Z'
  if (toUtcIso(text) !== undefined) return undefined
  const day = text.slice(0, 10)
  if (toUtcIso(day) === undefined) return `must be a day that exists (there is no ${day})`
  // The day exists: the time of day or the zone does not (10:60, a leap second, +24:00), or the year moved past 9999.
  if (Number.isNaN(Date.parse(withT(text))))
    return `must be a time of day and a zone that exist (${text.slice(11)}: hours 00 to 23, minutes and seconds 00 to 59, a zone up to ±23:59)`
  return 'must be before the year 10000'
}

/**
 * Whether the instant `iso` is more than `marginMs` after `now`. A date that far ahead is a wrong clock or a typo
 * (2062 for 2026), not a post of the future: kept, it would count as seen today in a person's heat until then
 * (docs/people.md#heat).
 */
export const isAhead = (iso: string, now: Date, marginMs: number) => Date.parse(iso) - now.getTime() > marginMs

// A platform's clock this far ahead of ours is skew; a post dated later still is dated when it was read.
const CLOCK_SKEW_MS = 5 * 60_000

/**
 * docs/platforms.md#overview: a post (searched or streamed) dated beyond the clock skew after `now`, the moment it
 * was read, as published at that moment; any other as it is.
 */
export const datedByNow =
  (now: Date) =>
  <T extends { date: string }>(post: T): T =>
    isAhead(post.date, now, CLOCK_SKEW_MS) ? { ...post, date: now.toISOString() } : post
