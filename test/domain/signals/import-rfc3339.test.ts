// docs/operations.md#importing-signals: a time is an RFC 3339 date-time. Section 5.6 lets "T" and "Z" be written in
// lower case, and (its note) a space stand between the date and the time for readability; a file from another tool
// (a database's text form, a spreadsheet) writes `2026-11-01 10:00:00Z`. The import refused the lower-case "t" and
// the space as no ISO 8601 date-time with a time zone; they are the same instant, and stored as such.
import { expect, test } from 'bun:test'
import { parseSignalLine } from '../../../src/domain/signals/import'
import { importLine } from '../../support/exports'

const parsed = (patch: Record<string, unknown>) =>
  parseSignalLine(importLine(1, patch), { teamId: 'team_1', now: new Date('2026-11-15T00:00:00Z') })
const stored = (at: string) => {
  const r = parsed({ publishedAt: at, detectedAt: at, verdict: 'relevant', judgedAt: at })
  if (!r || !('row' in r)) throw new Error(`${at} rejected: ${JSON.stringify(r)}`)
  return [r.row.publishedAt, r.row.detectedAt, r.verdict?.judgedAt]
}

test('a lower-case t or z, or a space between date and time, is the same instant', () => {
  for (const at of [
    '2026-11-01T09:00:00Z',
    '2026-11-01t09:00:00z',
    '2026-11-01T09:00:00z',
    '2026-11-01t09:00:00Z',
    '2026-11-01 09:00:00Z',
    '2026-11-01 09:00:00z',
    '2026-11-01 10:00:00+01:00',
    '2026-11-01t04:00:00.000-05:00',
  ])
    expect({ at, stored: stored(at) }).toEqual({ at, stored: Array(3).fill('2026-11-01T09:00:00.000Z') })
})

test('another separator, none, or a date alone is still refused as before', () => {
  const refused = 'publishedAt: must be an ISO 8601 date-time with a time zone, such as 2026-11-01T09:00:00Z'
  for (const at of [
    '2026-11-01_09:00:00Z',
    '2026-11-0109:00:00Z',
    '2026-11-01  09:00:00Z',
    '2026-11-01',
    ' 2026-11-01T09:00:00Z',
  ])
    expect({ at, r: parsed({ publishedAt: at }) }).toEqual({ at, r: { message: refused } })
  // A space-separated time that does not exist is named as the T-separated one is.
  expect(parsed({ publishedAt: '2026-11-01 10:60:00Z' })).toEqual({
    message:
      'publishedAt: must be a time of day and a zone that exist (10:60:00Z: hours 00 to 23, minutes and seconds 00 to 59, a zone up to ±23:59)',
  })
})
