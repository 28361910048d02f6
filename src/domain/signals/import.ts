import * as v from 'valibot'
import type { Deps } from '../../deps'
import { newId } from '../../lib/ids'
import { FULL_CHARS, PREVIEW_CHARS } from './limits'
import { truncate } from '../../lib/text'
import type { NewSignal } from '../../storage/repos/signals'
import { describeIssue, ImportedSignal } from './import-schema'

export type Rejection = { line: number; message: string }
export type ImportResult = {
  /** False when invalid lines stopped the import (without skipInvalid): nothing was written. */
  applied: boolean
  imported: number
  duplicates: number
  rejected: Rejection[]
}

// contract §9: full text was not stored before this date; an import from then without it keeps contentFull null.
const FULL_TEXT_SINCE = '2026-09-01T00:00:00.000Z'

/** Parses JSON Lines into signal rows for the team; blank lines are skipped, every bad line is reported. */
export function parseSignalLines(text: string, a: { teamId: string; now: Date }) {
  const rows: NewSignal[] = []
  const rejected: Rejection[] = []
  const lines = text.replace(/^\uFEFF/, '').split('\n')
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim()
    if (line === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      rejected.push({ line: i + 1, message: 'not valid JSON' })
      continue
    }
    // valibot's object schemas accept arrays; a line must be one signal object.
    if (Array.isArray(value)) {
      rejected.push({ line: i + 1, message: 'must be a JSON object' })
      continue
    }
    const parsed = v.safeParse(ImportedSignal, value)
    if (!parsed.success) {
      rejected.push({ line: i + 1, message: parsed.issues.map(describeIssue).join('; ') })
      continue
    }
    rows.push(toRow(parsed.output, a))
  }
  return { rows, rejected }
}

function toRow(s: ImportedSignal, a: { teamId: string; now: Date }): NewSignal {
  const detectedAt = s.detectedAt ?? a.now.toISOString()
  const full = s.contentFull ?? (detectedAt >= FULL_TEXT_SINCE ? s.content : null)
  return {
    id: newId('sig'), teamId: a.teamId, platform: s.platform, postId: s.id ?? s.url,
    author: s.author, intent: s.intent, score: s.score, reason: s.reason, icpMatch: s.icpMatch,
    preview: truncate(s.content, PREVIEW_CHARS), contentFull: full === null ? null : truncate(full, FULL_CHARS),
    url: s.url, keyword: s.keyword, publishedAt: s.publishedAt, detectedAt,
  }
}

/**
 * contract §3: all or nothing unless `skipInvalid`. A post the team already has, or one repeated in the file, is
 * skipped as a duplicate (contract §9: one signal per team, platform and post id); the insert is one transaction.
 */
export async function importSignals(
  deps: Pick<Deps, 'clock' | 'repos'>,
  a: { teamId: string; text: string; skipInvalid: boolean },
): Promise<ImportResult> {
  const { rows, rejected } = parseSignalLines(a.text, { teamId: a.teamId, now: deps.clock.now() })
  if (rejected.length > 0 && !a.skipInvalid) return { applied: false, imported: 0, duplicates: 0, rejected }
  const imported = await deps.repos.signals.insertMany(a.teamId, rows)
  return { applied: true, imported, duplicates: rows.length - imported, rejected }
}
