import { describe, expect, test } from 'bun:test'
import type { AppError } from '../../src/errors'
import { headerRateLimit } from '../../src/platforms/common/rate-limit'
import { fetchPlatformJson } from '../../src/platforms/http'
import { retryAfterSecOf } from '../../src/platforms/common/rate-limit'
import { fakeUpstream } from '../support/fake-upstream'

const now = Date.parse('2026-11-15T12:00:00.000Z')
const headers = (h: Record<string, string>) => new Headers(h)

/** The error a search meets when a fake platform on 127.0.0.1 answers `answer`. */
async function refusalOf(platform: string, answer: Response): Promise<AppError> {
  const fake = fakeUpstream(() => answer)
  try {
    const url = new URL('/search', fake.origin)
    return (await fetchPlatformJson({ platform, url, timeoutMs: 5000 }).catch((e) => e)) as AppError
  } finally {
    fake.stop()
  }
}

describe('the wait a rate-limit answer asks for', () => {
  test('Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterSecOf(headers({ 'retry-after': '120' }), now)).toBe(120)
    expect(retryAfterSecOf(headers({ 'retry-after': 'Sun, 15 Nov 2026 12:05:00 GMT' }), now)).toBe(300)
    // A date already past means "now", not a negative wait.
    expect(retryAfterSecOf(headers({ 'retry-after': 'Sun, 15 Nov 2026 11:00:00 GMT' }), now)).toBe(0)
    // A decimal is not RFC 9110's form but means seconds (not a day of 2001), rounded up to whole ones.
    expect(retryAfterSecOf(headers({ 'retry-after': '1.5' }), now)).toBe(2)
    expect(retryAfterSecOf(headers({ 'retry-after': 'Sun Nov 15 12:05:00 2026' }), now)).toBe(300)
  })

  // RFC 9110 §10.2.3: an HTTP-date Retry-After is a time on the server's clock, whose reading it sends in `Date`
  // (§6.6.1): the wait is the one between them, whatever this server's clock says (docs/platforms.md#rate-limits).
  test("an HTTP-date Retry-After is read against the answer's Date, not this server's clock", () => {
    // The server's clock is 10 minutes ahead of ours: it asks for 5 minutes, not 15.
    const date = 'Sun, 15 Nov 2026 12:10:00 GMT'
    expect(retryAfterSecOf(headers({ date, 'retry-after': 'Sun, 15 Nov 2026 12:15:00 GMT' }), now)).toBe(300)
    // Its clock 10 minutes behind: a date that looks past to us is still 5 minutes away.
    const behind = 'Sun, 15 Nov 2026 11:50:00 GMT'
    expect(retryAfterSecOf(headers({ date: behind, 'retry-after': 'Sun, 15 Nov 2026 11:55:00 GMT' }), now)).toBe(300)
    // Seconds are seconds whatever the clocks; a Date that is not an HTTP-date leaves our clock to read the date by.
    expect(retryAfterSecOf(headers({ date, 'retry-after': '120' }), now)).toBe(120)
    expect(retryAfterSecOf(headers({ date: 'soon', 'retry-after': 'Sun, 15 Nov 2026 12:05:00 GMT' }), now)).toBe(300)
  })

  test('a platform whose clock is off: the search that met its limit names the wait it asked for', async () => {
    const ahead = Date.now() + 10 * 60_000
    const headers = { date: new Date(ahead).toUTCString(), 'retry-after': new Date(ahead + 300_000).toUTCString() }
    const err = await refusalOf('devto', new Response('{}', { status: 429, headers }))
    expect(err.extra.retryAfterSec).toBe(300)
    expect(err.message).toBe('devto is rate limited (429); retry after 300 s')
  })

  test('X and GitHub reset times (epoch seconds) when there is no Retry-After', () => {
    expect(retryAfterSecOf(headers({ 'x-rate-limit-reset': String(now / 1000 + 900) }), now)).toBe(900)
    expect(retryAfterSecOf(headers({ 'x-ratelimit-reset': String(now / 1000 + 60) }), now)).toBe(60)
    expect(retryAfterSecOf(headers({ 'retry-after': '30', 'x-rate-limit-reset': String(now / 1000 + 900) }), now)).toBe(
      30,
    )
  })

  test("Bluesky's ratelimit-reset (epoch seconds), Mastodon's ISO date, Reddit's seconds from now", () => {
    expect(retryAfterSecOf(headers({ 'ratelimit-reset': String(now / 1000 + 300) }), now)).toBe(300)
    expect(retryAfterSecOf(headers({ 'x-ratelimit-reset': '2026-11-15T12:05:00.000Z' }), now)).toBe(300)
    expect(retryAfterSecOf(headers({ 'x-ratelimit-reset': '42' }), now)).toBe(42)
    expect(retryAfterSecOf(headers({ 'x-ratelimit-reset': '41.3' }), now)).toBe(42)
  })

  // GitHub's x-ratelimit-reset (epoch seconds) and Mastodon's X-RateLimit-Reset (an ISO time) are times on the
  // platform's clock, as an HTTP-date Retry-After is: read against the answer's Date (docs/platforms.md#rate-limits).
  test("a reset time is read against the answer's Date, not this server's clock", () => {
    const behind = 'Sun, 15 Nov 2026 11:50:00 GMT'
    const reset = String(Date.parse('2026-11-15T11:52:00Z') / 1000)
    expect(retryAfterSecOf(headers({ date: behind, 'x-ratelimit-reset': reset }), now)).toBe(120)
    const ahead = 'Sun, 15 Nov 2026 12:10:00 GMT'
    expect(retryAfterSecOf(headers({ date: ahead, 'x-ratelimit-reset': '2026-11-15T12:15:00.000Z' }), now)).toBe(300)
    // Seconds from now are the same on either clock.
    expect(retryAfterSecOf(headers({ date: ahead, 'x-ratelimit-reset': '42' }), now)).toBe(42)
  })

  test('a platform whose clock is behind: a spent GitHub limit waits until its reset, not at once', async () => {
    const behind = Date.now() - 10 * 60_000
    const headers = {
      date: new Date(behind).toUTCString(),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.floor(behind / 1000) + 120),
    }
    const err = await refusalOf(
      'github',
      new Response('{"message":"API rate limit exceeded"}', { status: 403, headers }),
    )
    expect(err.extra.retryAfterSec).toBe(120)
  })

  test('nothing usable: undefined', () => {
    expect(retryAfterSecOf(headers({}), now)).toBeUndefined()
    expect(retryAfterSecOf(headers({ 'retry-after': 'soon' }), now)).toBeUndefined()
    expect(retryAfterSecOf(headers({ 'x-ratelimit-reset': 'later' }), now)).toBeUndefined()
  })
})

describe('which failed answers are rate limits', () => {
  const answer = (status: number, h: Record<string, string> = {}, text = '') => ({ status, headers: headers(h), text })

  test('a 429, with its wait or a minute when it gives none', () => {
    expect(headerRateLimit(answer(429, { 'retry-after': '5' }), now)).toEqual({ retryAfterSec: 5, why: '429' })
    expect(headerRateLimit(answer(429), now)).toEqual({ retryAfterSec: 60, why: '429, no retry time given' })
  })

  test('a Retry-After that is neither seconds nor an HTTP date is said to be unreadable, not absent; a minute', () => {
    expect(headerRateLimit(answer(429, { 'retry-after': 'soon' }), now)).toEqual({
      retryAfterSec: 60,
      why: '429, a Retry-After that is neither seconds nor a date',
    })
  })

  test('a 403 that says so: no requests remaining, a Retry-After, or a message naming a rate limit', () => {
    const reset = String(now / 1000 + 120)
    expect(headerRateLimit(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }), now)).toEqual({
      retryAfterSec: 120,
      why: '403, no requests remaining',
      spent: true,
    })
    expect(headerRateLimit(answer(403, { 'retry-after': '30' }), now)?.retryAfterSec).toBe(30)
    expect(
      headerRateLimit(answer(403, {}, '{"message":"You have exceeded a secondary rate limit."}'), now)?.retryAfterSec,
    ).toBe(60)
  })

  test('any other refusal is not a rate limit', () => {
    expect(
      headerRateLimit(answer(403, { 'x-ratelimit-remaining': '12' }, '{"message":"Forbidden"}'), now),
    ).toBeUndefined()
    expect(headerRateLimit(answer(401, { 'retry-after': '30' }), now)).toBeUndefined()
    expect(headerRateLimit(answer(500), now)).toBeUndefined()
  })
})
