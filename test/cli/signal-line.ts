import { type ImportProgress, importSignals } from '../../src/domain/signals/import'
import { bytesLines, type LineSource } from '../../src/domain/signals/line-source'
import { seedTeam, testDeps } from '../support/deps'

// The lines the signals import tests feed it (import-lines, import-team, line-source): one valid signal, changed where
// a test says, and a text read as standard input gives it.

export const base = {
  author: 'dana',
  platform: 'reddit',
  intent: 'ACTIVE',
  score: 8,
  reason: 'asks for a CRM',
  content: 'looking for a CRM',
  url: 'https://reddit.com/r/x/1',
  keyword: 'crm',
  publishedAt: '2026-11-01T10:00:00Z',
}
/** One valid line of a signals file, with `patch`'s fields in place of the valid ones. */
export const line = (patch: Record<string, unknown> = {}) => JSON.stringify({ ...base, ...patch })
/** A text as standard input gives it: bytes in memory. */
export const textLines = (text: string) => bytesLines(Buffer.from(text))

/**
 * A team on a fresh database and its signals import: `run` imports a text (as standard input gives it) or a line
 * source, `stored` counts the team's signals.
 */
export async function teamImporting() {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const run = (lines: string | LineSource, skipInvalid: boolean, onProgress?: (p: ImportProgress) => void) =>
    importSignals(deps, {
      teamId: team.id,
      lines: typeof lines === 'string' ? textLines(lines) : lines,
      skipInvalid,
      onProgress,
    })
  return { deps, team, run, stored: () => deps.repos.signals.count(team.id, {}) }
}

/** An import's whole answer: whether it was applied, its counts (0 unless given) and its rejected lines. */
export const answered = (a: {
  applied: boolean
  imported?: number
  duplicates?: number
  rejected?: { line: number; message: string }[]
}) => ({
  applied: a.applied,
  imported: a.imported ?? 0,
  duplicates: a.duplicates ?? 0,
  forgotten: 0,
  rejected: a.rejected ?? [],
  rejectedCount: a.rejected?.length ?? 0,
})
