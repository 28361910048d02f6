/**
 * The Since filter's day (2026-11-04) as the instant the list and the export take: its midnight where the browser is,
 * since the server reads a bare date as 00:00 UTC (in Tokyo "since today" left out the morning's posts). A day that
 * does not exist (2026-02-31, from an edited or shared address) is undefined rather than Date's roll-over into March,
 * so it is sent as written and the API's refusal shows in place of the list (docs/console.md#errors).
 */
export function localMidnight(day: string): string | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!parts) return undefined
  const [y, m, d] = parts.slice(1).map(Number) as [number, number, number]
  const at = new Date(y, m - 1, d)
  return at.getFullYear() === y && at.getMonth() === m - 1 && at.getDate() === d ? at.toISOString() : undefined
}
