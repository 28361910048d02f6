const DATE = /^\d{4}-\d{2}-\d{2}$/
/**
 * A date, or a date-time with a zone. Written without flags (T and Z in either case spelt out) so that the OpenAPI
 * document can publish it as the `since` parameter's pattern, which JSON Schema reads without flags.
 */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2}))?$/

/** An ISO 8601 date (taken as UTC midnight) or date-time with a zone, as a UTC ISO string; undefined if neither. */
export function toUtcIso(text: string): string | undefined {
  if (!ISO_INSTANT.test(text)) return undefined
  const ms = Date.parse(DATE.test(text) ? `${text}T00:00:00Z` : text)
  if (Number.isNaN(ms)) return undefined
  const iso = new Date(ms).toISOString()
  // Date.parse rolls 2026-02-31 over into March; a date that does not exist is an error, not another day.
  if (DATE.test(text) && iso.slice(0, 10) !== text) return undefined
  return iso
}
