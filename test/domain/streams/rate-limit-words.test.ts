import { afterEach, describe, expect, test } from 'bun:test'
import { streamHealth } from '../../../src/domain/streams/health'
import { AppError } from '../../../src/errors'
import { createLogger } from '../../../src/lib/log'
import { pauseBoard } from '../../../src/platforms/common/shared-pauses'
import { createHackernewsStream } from '../../../src/platforms/hackernews/stream'
import { failedAnswer } from '../../../src/platforms/upstream-errors'
import { createRedditGet } from '../../../src/platforms/reddit/api'
import { createStackoverflowStream } from '../../../src/platforms/stackoverflow/stream'
import { testConfig, testDeps } from '../../support/deps'
import { redditGate, redditSettings } from '../../support/fake-platforms'
import { fakeUpstream } from '../../support/fake-upstream'
import { firstFailure } from '../../support/first-failure'
import { silentLogger } from '../../support/log'

// docs/streams.md#outages: a rate limit's wait of days is kept an hour at most where the platform documents a short
// window. The error says so as it is built (failedAnswer, given the bound), and carries the wait kept (retryAfterSec:
// the Retry-After a live search answers, what a polling pass defers by) beside what was asked (askedSec); nothing
// edits its message afterwards.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const TEN_DAYS = 864_000
const bounded = 'retry after 3600 s (asked for 864000 s: a wait named is kept 3600 s at most)'
const limited = () => new Response('{}', { status: 429, headers: { 'retry-after': String(TEN_DAYS) } })

describe('a rate limit of ten days, as the error that meets it says it', () => {
  test('Reddit: the error carries the wait its pause keeps, not the one its message says it does not', async () => {
    const fake = fakeUpstream((req) => redditGate(req) ?? limited())
    stops.push(fake.stop)
    const config = testConfig({ platforms: { reddit: { ...redditSettings(fake.origin), stream_url: fake.origin } } })
    const get = createRedditGet(config.platforms.reddit, silentLogger, Date.now, { pauses: pauseBoard() })
    const err = (await get(new URL('/r/all/new', fake.origin), undefined).catch((e) => e)) as AppError
    expect(err.message).toBe(`reddit is rate limited (429); ${bounded}`)
    // It carried 864000: a live search answered Retry-After: 864000 beside a message and a pause of an hour.
    expect(err.extra).toMatchObject({ retryAfterSec: 3600, askedSec: TEN_DAYS })
  })

  test("Reddit's token call: its 429 is the app's limit too, worded as kept", async () => {
    const fake = fakeUpstream((req) =>
      req.url.pathname === '/api/v1/access_token' ? limited() : (redditGate(req) ?? Response.json({})),
    )
    stops.push(fake.stop)
    const config = testConfig({ platforms: { reddit: { ...redditSettings(fake.origin), stream_url: fake.origin } } })
    const board = pauseBoard()
    const get = createRedditGet(config.platforms.reddit, silentLogger, Date.now, { pauses: board })
    const err = (await get(new URL('/r/all/new', fake.origin), undefined).catch((e) => e)) as AppError
    expect(err.message).toBe(`reddit is rate limited (429); ${bounded}`)
    expect(board.heldFor('reddit')?.why).toBe('rate limited: asked for 864000 s, held 3600 s at most')
  })

  test("Hacker News's and Stack Overflow's streams (a proxy's 429) say the wait they keep", async () => {
    const fake = fakeUpstream(() => limited())
    stops.push(fake.stop)
    const config = testConfig({
      platforms: {
        hackernews: { stream_url: fake.origin },
        stackoverflow: { mode: 'stream', stream_url: fake.origin },
      },
    })
    const hn = (await firstFailure(createHackernewsStream(config.platforms.hackernews))) as AppError
    expect(hn.message).toBe(`hackernews is rate limited (429); ${bounded}`)
    const so = (await firstFailure(createStackoverflowStream(config.platforms.stackoverflow, silentLogger))) as AppError
    expect(so.message).toBe(`stackoverflow is rate limited (429); ${bounded}`)
  })

  test('source health writes the error as it was built: its message is not edited', async () => {
    // An error whose words are its builder's own (not "retry after 864000 s"): kept as they are, never rewritten.
    const err = new AppError('upstream_error', 'devto asked for ten days', { retryAfterSec: TEN_DAYS })
    const lines: Record<string, unknown>[] = []
    const { deps } = await testDeps({ now: '2026-12-03T08:00:00.000Z' })
    const health = streamHealth({ ...deps, log: createLogger((l) => lines.push(JSON.parse(l))) }, 'devto')
    health.failed(err)
    expect(err.message).toBe('devto asked for ten days')
    expect(lines[0]).toMatchObject({ retrying: 'in 3600 s (asked for 864000 s: a wait named is kept an hour at most)' })
    // failedAnswer with the bound words it once, and the same.
    const built = failedAnswer('devto', { status: 429, headers: limited().headers, text: '' }, undefined, 0, 3600)
    expect(built.message).toBe(`devto is rate limited (429); ${bounded}`)
  })
})
