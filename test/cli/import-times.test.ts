// A date-time whose time of day or zone does not exist (10:60, a leap second, an offset of +24:00) was rejected as
// 'must be before the year 10000', which sent the user looking at the year. The import now names what is wrong
// (docs/operations.md#importing-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, query, runCli, signalLine } from './run-cli'

const ws = createWorkspace()
beforeAll(() => ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth']))
afterAll(() => ws.cleanup())

const NO_TIME = (field: string, at: string) =>
  `${field}: must be a time of day and a zone that exist (${at}: hours 00 to 23, minutes and seconds 00 to 59, a zone up to ±23:59)`

describe('signals import: a time of day or a zone that does not exist', () => {
  test('is named as such, and nothing is imported', async () => {
    ws.file(
      'times.jsonl',
      `${[
        signalLine('t1', { publishedAt: '2026-11-01T10:60:00Z' }),
        signalLine('t2', { publishedAt: '2026-11-01T23:59:60Z' }),
        signalLine('t3', { detectedAt: '2026-11-01T10:00:00+24:00' }),
        signalLine('t4', { publishedAt: '2026-11-01T25:00:00-01:00' }),
        signalLine('t5', { publishedAt: '9999-12-31T23:00:00-05:00' }),
        signalLine('t6'),
      ].join('\n')}\n`,
    )
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme', 'times.jsonl'])
    expect(r.code).toBe(1)
    expect(r.stderr.split('\n').slice(0, 5)).toEqual([
      `line 1: ${NO_TIME('publishedAt', '10:60:00Z')}`,
      `line 2: ${NO_TIME('publishedAt', '23:59:60Z')}`,
      `line 3: ${NO_TIME('detectedAt', '10:00:00+24:00')}`,
      `line 4: ${NO_TIME('publishedAt', '25:00:00-01:00')}`,
      // A time that exists, moved by its zone into the year 10000, is refused for its year as before.
      'line 5: publishedAt: must be before the year 10000',
    ])
    expect(await query(ws, 'SELECT id FROM signals')).toEqual([])
  })
})
