import { describe, expect, test } from 'bun:test'
import { retryAfterSecOf } from '../../src/platforms/http'

const now = Date.parse('2026-11-15T12:00:00.000Z')
const headers = (h: Record<string, string>) => new Headers(h)

describe('the wait a rate-limit answer asks for', () => {
  test('Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterSecOf(headers({ 'retry-after': '120' }), now)).toBe(120)
    expect(retryAfterSecOf(headers({ 'retry-after': 'Sun, 15 Nov 2026 12:05:00 GMT' }), now)).toBe(300)
    // A date already past means "now", not a negative wait.
    expect(retryAfterSecOf(headers({ 'retry-after': 'Sun, 15 Nov 2026 11:00:00 GMT' }), now)).toBe(0)
  })

  test('X and GitHub reset times (epoch seconds) when there is no Retry-After', () => {
    expect(retryAfterSecOf(headers({ 'x-rate-limit-reset': String(now / 1000 + 900) }), now)).toBe(900)
    expect(retryAfterSecOf(headers({ 'x-ratelimit-reset': String(now / 1000 + 60) }), now)).toBe(60)
    expect(retryAfterSecOf(headers({ 'retry-after': '30', 'x-rate-limit-reset': String(now / 1000 + 900) }), now)).toBe(
      30,
    )
  })

  test('nothing usable: undefined', () => {
    expect(retryAfterSecOf(headers({}), now)).toBeUndefined()
    expect(retryAfterSecOf(headers({ 'retry-after': 'soon' }), now)).toBeUndefined()
    expect(retryAfterSecOf(headers({ 'x-ratelimit-reset': '42' }), now)).toBeUndefined()
  })
})
