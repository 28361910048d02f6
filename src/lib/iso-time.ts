const DATE = /^\d{4}-\d{2}-\d{2}$/
/**
 * A date, or a date-time with a zone. Written without flags (T and Z in either case spelt out) so that the OpenAPI
 * document can publish it as the `since` parameter's pattern, which JSON Schema reads without flags.
 */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2}))?$/

/** An ISO 8601 date (taken as UTC midnight) or date-time with a zone, as a UTC ISO string; undefined if neither. */
export function toUtcIso(text: string): string | undefined {
  if (!ISO_INSTANT.test(text)) return undefined
  // Date.parse rolls 2026-02-31 over into March, with a time and zone too; a date that does not exist is an error,
  // not another day. The day written is checked as written, before any zone moves it.
  const day = text.slice(0, 10)
  const midnight = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return undefined
  const ms = Date.parse(DATE.test(text) ? `${text}T00:00:00Z` : text)
  if (Number.isNaN(ms)) return undefined
  const iso = new Date(ms).toISOString()
  // 9999-12-31T23:00:00-05:00 is in the year 10000, written +010000-…: times are kept as text of one width, whose
  // order is time order (storage/tables/signals.ts), and that one would sort before every other.
  return iso.length === 24 ? iso : undefined
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
