import { describe, expect, test } from 'bun:test'
import { createDeferrals } from '../../../src/domain/polling/deferrals'
import { AppError } from '../../../src/errors'
import { manualClock } from '../../support/clock'
import { UpstreamStatusError } from '../../../src/platforms/upstream-errors'

const setup = () => {
  const clock = manualClock('2026-11-15T12:00:00.000Z')
  return { clock, deferrals: createDeferrals(clock) }
}

describe('deferrals of a pass', () => {
  test('a retry time left in source health defers the platform until that time, not after', () => {
    const { clock, deferrals } = setup()
    deferrals.load([
      { platform: 'reddit', retryAt: '2026-11-15T12:10:00.000Z' },
      { platform: 'hackernews', retryAt: null },
    ])
    expect([deferrals.isDeferred('reddit'), deferrals.isDeferred('hackernews')]).toEqual([true, false])
    clock.set('2026-11-15T12:10:00.000Z')
    expect(deferrals.isDeferred('reddit')).toBe(false)
  })

  test('a rate-limit answer with a retry time defers the platform for that long', () => {
    const { clock, deferrals } = setup()
    deferrals.failed('reddit', new UpstreamStatusError(429, 'reddit: too many requests', 60))
    expect(deferrals.isDeferred('reddit')).toBe(true)
    clock.set('2026-11-15T12:01:00.000Z')
    expect(deferrals.isDeferred('reddit')).toBe(false)
  })

  test("a failure that would fail the platform's other searches defers it for the rest of the pass", () => {
    for (const err of [
      new UpstreamStatusError(503, 'down'),
      new UpstreamStatusError(429, 'no retry time'),
      new AppError('upstream_timeout', 'slow'),
      new Error('reset'),
    ]) {
      const { clock, deferrals } = setup()
      deferrals.failed('hackernews', err)
      clock.set('2030-01-01T00:00:00.000Z')
      expect(deferrals.isDeferred('hackernews')).toBe(true)
    }
  })

  test("a refusal of one query (a 4xx other than 429) leaves the platform's other searches alone", () => {
    const { deferrals } = setup()
    deferrals.failed('github', new UpstreamStatusError(422, 'github: query refused'))
    expect(deferrals.isDeferred('github')).toBe(false)
  })
})
