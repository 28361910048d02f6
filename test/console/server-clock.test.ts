// src/console/server-clock.ts: the console counts "5 min ago" on the server's clock, read from each answer's Date
// header. The header says the second only, and an answer takes its time to arrive (seconds on a loaded host), so a gap
// of a few seconds is that, not a clock set wrong: taken as one, it made a failure recorded 5 min ago read "4 min ago".
import { afterEach, expect, test } from 'bun:test'
import { heardFromServer, serverNow } from '../../src/console/server-clock'
import { relative } from '../../src/console/time'

afterEach(() => heardFromServer(new Date().toUTCString()))

const header = (offsetMs: number) => new Date(Date.now() + offsetMs).toUTCString()

test('a Date header a few seconds off, as its rounding and the way of an answer make it, leaves the clock as it is', () => {
  for (const off of [-4_000, -1_999, -999, 0, 999, 4_000]) {
    heardFromServer(header(off))
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50)
  }
  const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString()
  heardFromServer(header(-3_000))
  expect(relative(fiveMinutesAgo)).toBe('5 min ago')
})

test('a clock hours off is read from the header, either way', () => {
  heardFromServer(header(3 * 3_600_000))
  expect(serverNow() - Date.now()).toBeGreaterThan(3 * 3_600_000 - 1_100)
  expect(relative(new Date(Date.now() + 3 * 3_600_000 - 90_000).toISOString())).toBe('1 min ago')
  heardFromServer(header(-3 * 3_600_000))
  expect(Date.now() - serverNow()).toBeGreaterThan(3 * 3_600_000 - 1_100)
})

test('a missing or unreadable header changes nothing', () => {
  heardFromServer(header(3 * 3_600_000))
  const before = serverNow() - Date.now()
  heardFromServer(null)
  heardFromServer('soon')
  expect(Math.abs(serverNow() - Date.now() - before)).toBeLessThan(50)
})
