import { describe, expect, test } from 'bun:test'
import { describeError } from '../../src/lib/log'
import { nextMidnightIn } from '../../src/lib/zoned-time'
import { youtubeRateLimit } from '../../src/platforms/youtube/errors'
import { youtubeKeyRefused, youtubeQuotaExceeded } from '../support/platform-rules'
import { connector, KEY, searchPage, youtubeFakes } from './youtube-fake'

// What the YouTube connector says when the Data API refuses or fails: the daily quota (until midnight Pacific time), a
// key it refuses, another error, an unreachable host, a slow answer; never with the key. Searching is in
// youtube.test.ts.
const fakeYoutube = youtubeFakes()

describe('youtube connector against a fake Data API v3', () => {
  test('a 403 quotaExceeded (or dailyLimitExceeded) is a rate limit until midnight Pacific time; the message does not carry the key', async () => {
    let reason: 'quotaExceeded' | 'dailyLimitExceeded' = 'quotaExceeded'
    const yt = fakeYoutube({ search: () => youtubeQuotaExceeded(reason) })
    const midnight = nextMidnightIn('America/Los_Angeles', new Date()).getTime()
    for (const r of ['quotaExceeded', 'dailyLimitExceeded'] as const) {
      reason = r
      const err = await connector(yt.origin)
        .search('crm', 5)
        .catch((e) => e)
      expect(err).toMatchObject({ kind: 'upstream_error', status: 403 })
      const retryAt = Date.now() + err.extra.retryAfterSec * 1000
      expect(Math.abs(retryAt - midnight)).toBeLessThan(5000)
      expect(err.message).toContain(`403 ${r}, the daily quota resets at midnight Pacific time`)
      expect(err.message).not.toContain(KEY)
    }
  })

  test('a key YouTube refuses (not valid: 400; the API not enabled: 403) says so and what to fix, without the key', async () => {
    let kind: 'invalid' | 'disabled' = 'invalid'
    const yt = fakeYoutube({ search: () => youtubeKeyRefused(kind) })
    const refusal = () =>
      connector(yt.origin)
        .search('crm', 5)
        .catch((e) => e)
    const invalid = await refusal()
    expect(invalid).toMatchObject({ kind: 'upstream_error', status: 400, refusedCredentials: true })
    expect(invalid.message).toBe(
      'youtube refused the api_key (400 API_KEY_INVALID): set platforms.youtube.api_key to a key of the YouTube Data API v3',
    )
    expect(invalid.extra.retryAfterSec).toBeUndefined()
    kind = 'disabled'
    const disabled = await refusal()
    expect(disabled).toMatchObject({ kind: 'upstream_error', status: 403, refusedCredentials: true })
    expect(disabled.message).toBe(
      "youtube refused the api_key (403 SERVICE_DISABLED): enable the YouTube Data API v3 in the key's Google Cloud project",
    )
    for (const err of [invalid, disabled]) expect(err.message).not.toContain(KEY)
  })

  test('another error names its reason', async () => {
    const yt = fakeYoutube({
      search: () =>
        Response.json(
          { error: { code: 400, message: 'Invalid value', errors: [{ reason: 'invalidSearchFilter' }] } },
          { status: 400 },
        ),
    })
    const err = await connector(yt.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 400, refusedCredentials: false })
    expect(err.message).toBe('youtube answered with status 400 (invalidSearchFilter)')
  })

  // developers.google.com/youtube/v3/getting-started#quota: the project's quota is a day's, reset at midnight Pacific
  // time. A Retry-After past that (three days, from a proxy gone wrong) would hold the project's searches on every
  // server that long, across restarts (docs/platforms.md#rate-limits): it is kept until the quota day ends.

  test('a 429 asking for longer than the quota day is kept until midnight Pacific time, and says what was asked', async () => {
    const yt = fakeYoutube({
      search: () =>
        Response.json(
          { error: { code: 429, message: 'slow down' } },
          { status: 429, headers: { 'retry-after': '259200' } },
        ),
    })
    const err = await connector(yt.origin)
      .search('crm', 5)
      .catch((e) => e)
    const dayEnd = Math.ceil((nextMidnightIn('America/Los_Angeles', new Date()).getTime() - Date.now()) / 1000)
    expect(err.extra.retryAfterSec).toBeGreaterThanOrEqual(dayEnd - 2)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(dayEnd)
    expect(err.message).toBe(
      `youtube is rate limited (429, asked for 259200 s: the daily quota resets at midnight Pacific time); retry after ${err.extra.retryAfterSec} s`,
    )
    // A wait within the day is kept as asked.
    expect(
      youtubeRateLimit({ status: 429, headers: new Headers({ 'retry-after': '120' }), text: '' }, Date.now()),
    ).toEqual({ retryAfterSec: 120, why: '429' })
  })

  test('the quota day: midnight Pacific, summer time and winter time', () => {
    const at = (iso: string) =>
      youtubeRateLimit(
        {
          status: 403,
          headers: new Headers(),
          text: JSON.stringify({ error: { errors: [{ reason: 'quotaExceeded' }] } }),
        },
        Date.parse(iso),
      )
    expect(at('2026-11-15T12:00:00Z')?.retryAfterSec).toBe(20 * 3600)
    expect(at('2026-07-01T06:00:00Z')?.retryAfterSec).toBe(3600)
    // Another 403 is not a quota; a rateLimitExceeded one is a short limit.
    expect(
      youtubeRateLimit(
        { status: 403, headers: new Headers(), text: '{"error":{"errors":[{"reason":"forbidden"}]}}' },
        0,
      ),
    ).toBeUndefined()
    expect(
      youtubeRateLimit(
        { status: 403, headers: new Headers(), text: '{"error":{"errors":[{"reason":"rateLimitExceeded"}]}}' },
        0,
      )?.retryAfterSec,
    ).toBe(60)
  })

  test('an unreachable host is an upstream_error; neither the message nor its log line carries the key', async () => {
    const yt = fakeYoutube()
    yt.stop()
    const err = await connector(yt.origin, {})
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).not.toContain(KEY)
    // What the search's failure line says of it: the network's error, without the address that carries the key.
    expect(describeError(err)).toContain('ECONNREFUSED')
    expect(describeError(err)).not.toContain(KEY)
  })

  test('a slow answer is an upstream_timeout', async () => {
    const yt = fakeYoutube({ search: () => Bun.sleep(400).then(() => searchPage([])) })
    await expect(
      connector(yt.origin, { LEAD_SIGNALS_PLATFORMS_YOUTUBE_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
