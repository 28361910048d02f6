import * as v from 'valibot'
import { newId } from '../../lib/ids'
import { truncate, unstorableText } from '../../lib/text'
import type { ImportedVerdict, NewSignal } from '../../storage/repos/signals'
import { describeIssue, futureIssue, ImportedSignal, verdictIssue } from './import-schema'
import { FULL_CHARS, PREVIEW_CHARS } from './limits'
import { notJson, otherExport } from './not-json'
import { postIdIssue, postKey } from './post-key'

// One line of a signals file read into the row and verdict it stores, apart from import.ts, which walks the file
// twice, batches and pauses: what a line means does not depend on how the file is walked.

// docs/operations.md#importing-signals: full text was not stored before this date; an import from then without it keeps
// contentFull null.
const FULL_TEXT_SINCE = '2026-09-01T00:00:00.000Z'

/** One line of a signals file: undefined when blank, else its row or why it was rejected. */
export function parseSignalLine(
  raw: string,
  a: { teamId: string; now: Date },
): { row: NewSignal; verdict?: ImportedVerdict } | { message: string } | undefined {
  const line = raw.trim()
  if (line === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return { message: notJson(line) }
  }
  // valibot's object schemas accept arrays; a line must be one signal object.
  if (Array.isArray(value)) return { message: 'must be a JSON object' }
  const other = value !== null && typeof value === 'object' ? otherExport(value) : undefined
  if (other) return { message: other }
  const unstorable = unstorableText(value)
  if (unstorable) return { message: `holds ${unstorable}, which no field takes` }
  const parsed = v.safeParse(ImportedSignal, value)
  if (!parsed.success) return { message: parsed.issues.map(describeIssue).join('; ') }
  const issue = verdictIssue(parsed.output) ?? futureIssue(parsed.output, a.now) ?? postIdIssue(parsed.output)
  if (issue) return { message: issue }
  const row = toRow(parsed.output, a)
  return { row, verdict: verdictOf(parsed.output, row, a.now) }
}

/** The line's verdict for the signal it names, if it has one; judged now when the file does not say when. */
function verdictOf(s: ImportedSignal, row: NewSignal, now: Date): ImportedVerdict | undefined {
  if (s.verdict === null) return undefined
  return {
    platform: row.platform,
    postId: row.postId,
    verdict: s.verdict,
    // A reason of only spaces is none, as the feedback route takes it (docs/api.md#feedback).
    reason: s.verdictReason || null,
    judgedAt: s.judgedAt ?? now.toISOString(),
  }
}

function toRow(s: ImportedSignal, a: { teamId: string; now: Date }): NewSignal {
  const detectedAt = s.detectedAt ?? a.now.toISOString()
  const full = s.contentFull ?? (detectedAt >= FULL_TEXT_SINCE ? s.content : null)
  return {
    id: newId('sig'),
    teamId: a.teamId,
    platform: s.platform,
    postId: postKey(s),
    author: s.author,
    intent: s.intent,
    score: s.score,
    reason: s.reason,
    icpMatch: s.icpMatch,
    preview: truncate(s.content, PREVIEW_CHARS),
    contentFull: full === null ? null : truncate(full, FULL_CHARS),
    url: s.url,
    keyword: s.keyword,
    publishedAt: s.publishedAt,
    detectedAt,
    ...(s.personId === null && { authorKnown: false }),
    ...(s.dismissed && { dismissed: true }),
  }
}
