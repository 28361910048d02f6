import type { ExportRow } from '../../storage/repos/signals'

export type ExportFormat = 'csv' | 'jsonl'

/**
 * The fields of an exported signal, in order: exactly what `signals import` reads (import-schema.ts), so a JSON
 * Lines export imports into another team or database as it is. `id` is the post's id on its platform (the
 * signal's own id is drawn anew by every import), `content` the preview, `contentFull` the kept full text.
 */
const FIELDS = [
  'id',
  'platform',
  'author',
  'intent',
  'score',
  'reason',
  'icpMatch',
  'content',
  'contentFull',
  'url',
  'keyword',
  'publishedAt',
  'detectedAt',
  'personId',
] as const

type ExportedSignal = Record<(typeof FIELDS)[number], string | number | null>

const exported = (r: ExportRow): ExportedSignal => ({
  id: r.postId,
  platform: r.platform,
  author: r.author,
  intent: r.intent,
  score: r.score,
  reason: r.reason,
  icpMatch: r.icpMatch,
  content: r.preview,
  contentFull: r.contentFull,
  url: r.url,
  keyword: r.keyword,
  publishedAt: r.publishedAt,
  detectedAt: r.detectedAt,
  personId: r.personId,
})

/** docs/api.md#export: one JSON object per line, its fields always in the order of FIELDS. */
export const jsonLine = (r: ExportRow) => `${JSON.stringify(exported(r))}\n`

// docs/api.md#export: a spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV injection),
// also after leading spaces, and in their full-width forms, which some spreadsheets read as the ASCII ones.
const FORMULA_START = /^[\t\r]|^[ \t\r]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/
// RFC 4180: a field holding a quote, a comma or a line break is quoted.
const NEEDS_QUOTES = /[",\r\n]/

/** One CSV cell: a formula start made inert with a leading single quote, then quoted when RFC 4180 needs it. */
export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const csvRecord = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`

export const CSV_HEADER = csvRecord([...FIELDS])

/** docs/api.md#export: one CSV record ending in CRLF, the columns of CSV_HEADER. */
export const csvLine = (r: ExportRow) => {
  const s = exported(r)
  return csvRecord(FIELDS.map((f) => s[f]))
}
