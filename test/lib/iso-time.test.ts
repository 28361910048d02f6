import { describe, expect, test } from 'bun:test'
import { toUtcIso } from '../../src/lib/iso-time'

describe('toUtcIso', () => {
  test('a date-time with a zone becomes UTC; a date is UTC midnight', () => {
    expect(toUtcIso('2026-11-01T12:30:00+02:00')).toBe('2026-11-01T10:30:00.000Z')
    expect(toUtcIso('2024-02-29T23:00:00-05:00')).toBe('2024-03-01T04:00:00.000Z')
    expect(toUtcIso('2026-11-01')).toBe('2026-11-01T00:00:00.000Z')
  })

  test('a day that does not exist is no date, with or without a time (the list filter since, imports)', () => {
    for (const text of [
      '2026-02-31',
      '2026-13-01',
      '2026-00-10T10:00Z',
      '2026-02-29T10:00:00Z',
      '2026-04-31T23:30:00-05:00',
      '2026-06-31t00:00z',
    ])
      expect(toUtcIso(text)).toBeUndefined()
  })
})
