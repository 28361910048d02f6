// docs/operations.md#importing-signals: `contentFull` is optional, and `null` says the full text was not kept. A file
// made by another tool, or converted from a spreadsheet, writes an empty text there instead. The import stored it as
// the post's full text, so the console's signal page (which shows the full text) showed an empty post under a preview
// that has words, and `content=full` answered "" for it. An empty or blank one is now taken as absent.
import { expect, test } from 'bun:test'
import { parseSignalLine } from '../../../src/domain/signals/import'
import { importLine } from '../../support/exports'

const CONTENT = 'looking for a CRM for our team'
const fullText = (patch: Record<string, unknown>) => {
  const r = parseSignalLine(importLine(1, patch), { teamId: 'team_1', now: new Date('2026-11-01T00:00:00Z') })
  if (!r || !('row' in r)) throw new Error(`rejected: ${JSON.stringify(r)}`)
  return r.row.contentFull
}

test('an empty or blank contentFull is taken as absent: the post keeps its text', () => {
  for (const contentFull of ['', '  ', '\n'])
    expect({ contentFull, kept: fullText({ contentFull, detectedAt: '2026-10-02T00:00:00Z' }) }).toEqual({
      contentFull,
      kept: CONTENT,
    })
  // Detected before full texts were kept: none, as without the field.
  expect(fullText({ contentFull: '', detectedAt: '2026-08-01T00:00:00Z' })).toBeNull()
  expect(fullText({ contentFull: 'the whole post' })).toBe('the whole post')
})
