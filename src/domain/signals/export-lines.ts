import type { ExportRow } from '../../storage/repos/signals'

export type ExportFormat = 'csv' | 'jsonl'

/**
 * The fields of an exported signal, in order: exactly what `signals import` reads (import-schema.ts), so a JSON
 * Lines export imports into another team or database as it is. `id` is the signal's id as the API shows it, so a
 * row of an export can be judged (POST /api/v1/signals/{id}/feedback); `postId` the post's id on its platform, which
 * an import keeps (the signal's own id is drawn anew by every import); `content` the preview, `contentFull` the kept
 * full text; `verdict`, `verdictReason` and `judgedAt` the team's verdict on it, or null, which an import restores
 * (docs/operations.md#importing-signals); `dismissed` last, so a tool that reads the columns before it by their place
 * still reads them: whether the signal is out of the list (judged not relevant, or stored while its author was muted).
 */
const FIELDS = [
  'id',
  'postId',
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
  'verdict',
  'verdictReason',
  'judgedAt',
  'dismissed',
] as const

type ExportedSignal = Record<(typeof FIELDS)[number], string | number | boolean | null>

const exported = (r: ExportRow): ExportedSignal => ({
  id: r.id,
  postId: r.postId,
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
  verdict: r.verdict,
  verdictReason: r.verdictReason,
  judgedAt: r.judgedAt,
  dismissed: r.dismissed,
})

/** docs/api.md#export: one JSON object per line, its fields always in the order of FIELDS. */
export const jsonLine = (r: ExportRow) => `${JSON.stringify(exported(r))}\n`

// docs/api.md#export: a spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV injection),
// also in their full-width forms, which some spreadsheets read as the ASCII ones.
const FORMULA_CHARS = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20'
// At the field's start: a tab or a line break, or a formula character after spaces, tabs and line breaks.
const FORMULA_START = new RegExp(`^[\\t\\r\\n]|^[ \\t\\r\\n]*[${FORMULA_CHARS}]`)
// Inside the field, a cell can start too: Excel where the list separator is ';' (most of continental Europe) splits
// this comma-separated file on semicolons, and reads a double quote only at a cell's start, so a line break inside
// a quoted field starts a row there; a spreadsheet told to split on tabs splits there. A formula character after
// one of these (after spaces or double quotes) is made inert as at the start: `x;=cmd|' /C calc'!A0` would run.
const FORMULA_INSIDE = new RegExp(`([;\\t\\r\\n])(?=[ "]*[${FORMULA_CHARS}])`, 'g')
// RFC 4180: a field holding a quote, a comma or a line break is quoted.
const NEEDS_QUOTES = /[",\r\n]/

/**
 * One CSV cell: a formula start made inert with a single quote before it, at the field's start and after a
 * semicolon, tab or line break inside it, then quoted when RFC 4180 needs it.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return ''
  let text = String(value).replace(FORMULA_INSIDE, "$1'")
  if (FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const csvRecord = (cells: (string | number | boolean | null)[]) => `${cells.map(csvCell).join(',')}\r\n`

export const CSV_HEADER = csvRecord([...FIELDS])
/** What a CSV export starts with: the UTF-8 byte order mark when asked for (`bom=true`, for Excel), else nothing. */
export const csvStart = (bom: boolean) => (bom ? '\ufeff' : '')

/** docs/api.md#export: one CSV record ending in CRLF, the columns of CSV_HEADER. */
export const csvLine = (r: ExportRow) => {
  const s = exported(r)
  return csvRecord(FIELDS.map((f) => s[f]))
}
