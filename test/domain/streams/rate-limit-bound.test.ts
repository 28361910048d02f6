import { afterEach, describe, expect, test } from 'bun:test'
import { streamHealth } from '../../../src/domain/streams/health'
import { createLogger } from '../../../src/lib/log'
import { pauseBoard } from '../../../src/platforms/common/shared-pauses'
import { failedAnswer } from '../../../src/platforms/upstream-errors'
import { mastodonGet } from '../../../src/platforms/mastodon/limit'
import { createRedditGet } from '../../../src/platforms/reddit/api'
import { createStackoverflowStream } from '../../../src/platforms/stackoverflow/stream'
import { createDevtoStream } from '../../../src/platforms/devto/stream'
import { firstFailure } from '../../support/first-failure'
import { retryWaitMs } from '../../../src/platforms/stream'
import { testConfig, testDeps } from '../../support/deps'
import { redditGate, redditSettings } from '../../support/fake-platforms'
import { fakeUpstream } from '../../support/fake-upstream'
import { silentLogger } from '../../support/log'

// docs/streams.md#outages: a 429's wait is bounded to an hour in a stream where the platform documents a short window
// (Reddit's 10 minutes, Mastodon's 5, DEV's and Hacker News's none), since a value of days (a typo, a proxy gone
// wrong) would stop the stream, and with Reddit's and Mastodon's shared pauses their searches too, that long. Stack
// Exchange's throttle_violation names the wait its documentation makes the truth (a spent daily quota): kept, and told
// with until when.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const TEN_DAYS = 864_000
const HOUR_MS = 3_600_000
const limited = () =>
  new Response('{"error":"Too Many Requests"}', {
    status: 429,
    headers: {
      'retry-after': String(TEN_DAYS),
      'x-ratelimit-reset': new Date(Date.now() + TEN_DAYS * 1000).toISOString(),
    },
  })

describe("A 429's wait of days in a stream", () => {
  test('DEV and Hacker News (no pause of their own) try again within the hour, and the warning says what was asked', async () => {
    for (const platform of ['devto', 'hackernews']) {
      const err = failedAnswer(platform, { status: 429, headers: limited().headers, text: '' })
      expect(retryWaitMs(err, 0)).toBe(HOUR_MS)
    }
    const lines: Record<string, unknown>[] = []
    const { deps } = await testDeps({ now: '2026-12-03T08:00:00.000Z' })
    const health = streamHealth({ ...deps, log: createLogger((l) => lines.push(JSON.parse(l))) }, 'devto')
    health.failed(failedAnswer('devto', { status: 429, headers: limited().headers, text: '' }))
    expect(lines).toEqual([
      expect.objectContaining({
        event: 'stream_read_failed',
        retrying: 'in 3600 s (asked for 864000 s: a wait named is kept an hour at most)',
        until: '2026-12-03T09:00:00.000Z',
      }),
    ])
    // A wait within the bound is kept as named.
    const short = failedAnswer('devto', { status: 429, headers: new Headers({ 'retry-after': '120' }), text: '' })
    expect(retryWaitMs(short, 0)).toBe(120_000)
  })

  test("Reddit: the app's pause, which holds its stream and searches, is held an hour at most", async () => {
    const fake = fakeUpstream((req) => redditGate(req) ?? limited())
    stops.push(fake.stop)
    const board = pauseBoard()
    const config = testConfig({ platforms: { reddit: { ...redditSettings(fake.origin), stream_url: fake.origin } } })
    const get = createRedditGet(config.platforms.reddit, silentLogger, Date.now, { pauses: board })
    const err = await get(new URL('/r/all/new', fake.origin), undefined).catch((e) => e)
    expect(retryWaitMs(err, 0)).toBe(HOUR_MS)
    const held = board.heldFor('reddit')
    expect(held).toBeDefined()
    expect(held!.until - Date.now()).toBeLessThanOrEqual(HOUR_MS)
    expect(held!.why).toContain(String(TEN_DAYS))
  })

  test("Mastodon: the token's pause is held an hour at most", async () => {
    const fake = fakeUpstream(() => limited())
    stops.push(fake.stop)
    const board = pauseBoard()
    const config = testConfig({ platforms: { mastodon: { base_url: fake.origin, access_token: 'tok' } } })
    const get = mastodonGet(config.platforms.mastodon, { pauses: board })
    const err = await get(new URL('/api/v1/timelines/public', fake.origin), new AbortController().signal).catch(
      (e) => e,
    )
    expect(retryWaitMs(err, 0)).toBe(HOUR_MS)
    expect(board.heldFor('mastodon')!.until - Date.now()).toBeLessThanOrEqual(HOUR_MS)
  })
})

describe("A 429's wait of days, as source health's lastError tells it", () => {
  // docs/streams.md#outages: the error kept as lastError names the wait kept, as retryAt and retryWhy do, with what was
  // asked; it said "retry after 864000 s" beside a retry time an hour away.
  const bounded = 'retry after 3600 s (asked for 864000 s: a wait named is kept 3600 s at most)'

  test("DEV's stream writes the wait it keeps", async () => {
    const fake = fakeUpstream(() => limited())
    stops.push(fake.stop)
    const config = testConfig({ platforms: { devto: { stream_url: fake.origin } } })
    const err = await firstFailure(createDevtoStream(config.platforms.devto, silentLogger))
    const { deps } = await testDeps({ now: '2026-12-03T08:00:00.000Z' })
    const health = streamHealth({ ...deps, log: silentLogger }, 'devto')
    health.failed(err)
    await Bun.sleep(50)
    const [row] = await deps.repos.platformHealth.list()
    expect(row?.lastError).toBe(`devto is rate limited (429); ${bounded}`)
  })

  test("Reddit's searches and stream are refused with the wait the app's pause holds", async () => {
    const fake = fakeUpstream((req) => redditGate(req) ?? limited())
    stops.push(fake.stop)
    const config = testConfig({ platforms: { reddit: { ...redditSettings(fake.origin), stream_url: fake.origin } } })
    const get = createRedditGet(config.platforms.reddit, silentLogger, Date.now, { pauses: pauseBoard() })
    const err = await get(new URL('/r/all/new', fake.origin), undefined).catch((e: Error) => e)
    expect((err as Error).message).toBe(`reddit is rate limited (429); ${bounded}`)
    // The stream's log still says what was asked.
    expect(retryWaitMs(err, 0)).toBe(HOUR_MS)
  })

  test('a wait within the bound is told as named', async () => {
    const { deps } = await testDeps()
    const health = streamHealth({ ...deps, log: silentLogger }, 'devto')
    const headers = new Headers({ 'retry-after': '120' })
    health.failed(failedAnswer('devto', { status: 429, headers, text: '' }))
    await Bun.sleep(50)
    const [row] = await deps.repos.platformHealth.list()
    expect(row?.lastError).toBe('devto is rate limited (429); retry after 120 s')
  })
})

describe("Stack Exchange's throttle_violation", () => {
  test('a wait of most of a day is kept, and the log and source health say until when', async () => {
    const fake = fakeUpstream(() =>
      Response.json(
        {
          error_id: 502,
          error_name: 'throttle_violation',
          error_message: 'too many requests from this IP, more requests available in 80000 seconds',
        },
        { status: 400 },
      ),
    )
    stops.push(fake.stop)
    const config = testConfig({ platforms: { stackoverflow: { mode: 'stream', stream_url: fake.origin } } })
    const failure = await firstFailure(createStackoverflowStream(config.platforms.stackoverflow, silentLogger))
    expect(fake.received.length).toBe(1)
    expect(retryWaitMs(failure, 0)).toBe(80_000_000)

    const lines: Record<string, unknown>[] = []
    const { deps } = await testDeps({ now: '2026-12-03T08:00:00.000Z' })
    const health = streamHealth({ ...deps, log: createLogger((l) => lines.push(JSON.parse(l))) }, 'stackoverflow')
    health.failed(failure)
    expect(lines).toEqual([
      expect.objectContaining({
        event: 'stream_read_failed',
        retrying: 'in 80000 s',
        until: '2026-12-04T06:13:20.000Z',
      }),
    ])
    await Bun.sleep(50)
    const [row] = await deps.repos.platformHealth.list()
    expect(row?.lastError).toContain('throttle_violation')
    expect(row?.lastError).toContain('80000 s')
  })
})
