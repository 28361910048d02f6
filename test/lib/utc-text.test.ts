// docs/performance.md#dates: the text of each second is made once; every answer must be toISOString's.
import { expect, test } from 'bun:test'
import { isoText, utcDate, utcMonth } from '../../src/lib/utc-text'
import { seeded } from '../support/seeded'

const check = (ms: number) => {
  const at = new Date(ms)
  const iso = at.toISOString()
  expect(isoText(at)).toBe(iso)
  expect(utcDate(at)).toBe(iso.slice(0, 10))
  expect(utcMonth(at)).toBe(iso.slice(0, 7))
}

test('writes what toISOString writes, around the ends of seconds, days, months and years, and in any order', () => {
  const edges = [
    Date.UTC(2026, 0, 1),
    Date.UTC(2026, 1, 28, 23, 59, 59),
    Date.UTC(2024, 1, 29),
    Date.UTC(1999, 11, 31, 23, 59, 59),
  ]
  for (const edge of edges) for (let d = -1500; d <= 1500; d += 7) check(edge + d)
  // The same second asked again after others, and instants out of order.
  const next = seeded(7)
  for (let i = 0; i < 20_000; i++) check(Math.floor(next() * 4_102_444_800_000))
  for (const ms of [0, 1, 999, 1000, 86_399_999]) check(ms)
})

test('instants toISOString writes with a sign and six digits are written by it, and an invalid date fails as it does', () => {
  for (const ms of [-1, -999, -1000, -62_198_755_200_001, 253_402_300_799_999, 253_402_300_800_000, 8.64e15]) check(ms)
  expect(() => isoText(new Date(Number.NaN))).toThrow(RangeError)
})
