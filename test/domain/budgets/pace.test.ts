import { describe, expect, test } from 'bun:test'
import { windowOf, windowText } from '../../../src/domain/budgets/budget'
import { nextPollAt, pollAllowance, usedAt } from '../../../src/domain/budgets/pace'

// docs/platforms.md#budgets
const day = { requests: 100, windowMs: 86_400_000 }
const minute = { requests: 10, windowMs: 60_000 }
const at = (iso: string) => new Date(iso)
const FIFTEEN = 15 * 60_000

describe('budget windows', () => {
  test('windows are laid end to end from the epoch: a day is a UTC day, a minute a clock minute', () => {
    expect(windowOf(day, at('2026-11-15T18:30:00Z'))).toEqual({
      start: at('2026-11-15T00:00:00Z'),
      end: at('2026-11-16T00:00:00Z'),
    })
    expect(windowOf(minute, at('2026-11-15T18:30:42Z')).start).toEqual(at('2026-11-15T18:30:00Z'))
    expect([86_400_000, 3_600_000, 900_000, 60_000, 90_000].map(windowText)).toEqual([
      'day',
      'hour',
      '15 minutes',
      'minute',
      '90 seconds',
    ])
  })

  test("a platform's own quota day runs midnight to midnight in its zone, 23 or 25 hours on a daylight-saving change", () => {
    const pacific = { ...day, dayZone: 'America/Los_Angeles' }
    expect(windowOf(pacific, at('2026-11-16T01:00:00Z'))).toEqual({
      start: at('2026-11-15T08:00:00Z'),
      end: at('2026-11-16T08:00:00Z'),
    })
    expect(windowOf(pacific, at('2026-03-08T12:00:00Z'))).toEqual({
      start: at('2026-03-08T08:00:00Z'),
      end: at('2026-03-09T07:00:00Z'),
    })
    expect(windowOf(pacific, at('2026-11-01T12:00:00Z'))).toEqual({
      start: at('2026-11-01T07:00:00Z'),
      end: at('2026-11-02T08:00:00Z'),
    })
    // Half of the 23-hour day is half of its budget.
    expect(pollAllowance(pacific, 0, at('2026-03-08T19:30:00Z'), 0)).toBe(50)
  })

  test('a row of an earlier window counts as nothing spent in this one', () => {
    const row = { platform: 'youtube', windowStart: '2026-11-14T00:00:00.000Z', used: 100 }
    expect(usedAt(day, row, at('2026-11-15T01:00:00Z'))).toBe(0)
    expect(usedAt(day, { ...row, windowStart: '2026-11-15T00:00:00.000Z' }, at('2026-11-15T01:00:00Z'))).toBe(100)
  })
})

describe('the pace of polling', () => {
  test("a pass may spend the share of the day's budget that the time up to the next pass stands for", () => {
    expect(pollAllowance(day, 0, at('2026-11-15T00:00:00Z'), FIFTEEN)).toBe(1)
    expect(pollAllowance(day, 0, at('2026-11-15T12:00:00Z'), FIFTEEN)).toBe(51)
    expect(pollAllowance(day, 50, at('2026-11-15T12:00:00Z'), FIFTEEN)).toBe(1)
    expect(pollAllowance(day, 99, at('2026-11-15T23:45:00Z'), FIFTEEN)).toBe(1)
    expect(pollAllowance(day, 100, at('2026-11-15T23:45:00Z'), FIFTEEN)).toBe(0)
    // Live searches took more than the pace: polling waits rather than going below zero.
    expect(pollAllowance(day, 80, at('2026-11-15T06:00:00Z'), FIFTEEN)).toBe(0)
  })

  test('a window shorter than the time between passes is open in full', () => {
    expect(pollAllowance(minute, 0, at('2026-11-15T12:00:00Z'), FIFTEEN)).toBe(10)
    expect(pollAllowance(minute, 4, at('2026-11-15T12:00:00Z'), FIFTEEN)).toBe(6)
  })

  test('the next poll: the next pass while the pace allows, the start of the next window once spent, never before a retry time', () => {
    const schedule = '*/15 * * * *'
    const row = (used: number) => ({ platform: 'youtube', windowStart: '2026-11-15T00:00:00.000Z', used })
    const next = (used: number, now: string, retryAt: string | null = null) =>
      nextPollAt({ schedule, budget: day, row: row(used), notBefore: retryAt, now: at(now) })?.toISOString()
    expect(next(0, '2026-11-15T12:00:00Z')).toBe('2026-11-15T12:15:00.000Z')
    // 60 spent by noon: a pass's share reaches 61 once the time up to the pass after it is 61% of the day (14:38), so
    // the pass of 14:30 is the first that may search (14:15 covers 60.4%).
    expect(next(60, '2026-11-15T12:00:00Z')).toBe('2026-11-15T14:30:00.000Z')
    expect(next(100, '2026-11-15T12:00:00Z')).toBe('2026-11-16T00:00:00.000Z')
    expect(next(0, '2026-11-15T12:00:00Z', '2026-11-15T13:07:00.000Z')).toBe('2026-11-15T13:15:00.000Z')
    expect(
      nextPollAt({ schedule, budget: minute, row: undefined, notBefore: null, now: at('2026-11-15T12:05:00Z') }),
    ).toEqual(at('2026-11-15T12:15:00Z'))
  })
})
