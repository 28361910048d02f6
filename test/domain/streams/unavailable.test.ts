import { describe, expect, test } from 'bun:test'
import { createDevtoStream } from '../../../src/platforms/devto/stream'
import { createHackernewsStream } from '../../../src/platforms/hackernews/stream'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { createRedditStream } from '../../../src/platforms/reddit/stream'
import { createStackoverflowStream } from '../../../src/platforms/stackoverflow/stream'
import { failedAnswer } from '../../../src/platforms/upstream-errors'
import { retryWaitMs, type StreamReader } from '../../../src/platforms/stream'
import { testConfig } from '../../support/deps'
import { redditGate, redditSettings } from '../../support/fake-platforms'
import { fakeMastodon } from '../../support/fake-streams'
import { fakeUpstream } from '../../support/fake-upstream'
import { silentLogger } from '../../support/log'
import { recordingSink } from '../../support/stream-world'

// RFC 9110 §15.6.4 and §10.2.3 (docs/streams.md#outages): a 503's Retry-After is how long the service expects to be
// unavailable. The polling streams retried after their growing wait (1 s, 2 s, ...) all the same, asking 3 or 4 times
// in 4 s a service that had said it would be down for 6; a 429's Retry-After was waited out.

const unavailable = () => new Response('down for maintenance', { status: 503, headers: { 'retry-after': '6' } })

/** A 127.0.0.1 server answering 503 with Retry-After 6 to what `serves` says is the stream's; the requests it had. */
function downFor6s(
  stops: (() => void)[],
  serves: (req: { method: string; url: URL; headers: Headers }) => Response | undefined,
) {
  const fake = fakeUpstream((req) => serves(req) ?? unavailable())
  stops.push(fake.stop)
  return fake
}

/** `reader` read for 4 s: how many of its requests were refused, and the failures source health was given. */
async function readFor4s(reader: StreamReader, refused: () => number) {
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  const reading = reader.read(null, sink, stop.signal)
  await Bun.sleep(4000)
  stop.abort()
  await reading
  return { refused: refused(), failures: got.failures }
}

const streams: [string, (stops: (() => void)[]) => { reader: StreamReader; refused: () => number }][] = [
  [
    'Hacker News',
    (stops) => {
      const fake = downFor6s(stops, () => undefined)
      const config = testConfig({ platforms: { hackernews: { mode: 'stream', stream_url: `${fake.origin}/v0` } } })
      return { reader: createHackernewsStream(config.platforms.hackernews), refused: () => fake.received.length }
    },
  ],
  [
    'DEV',
    (stops) => {
      const fake = downFor6s(stops, () => undefined)
      const config = testConfig({ platforms: { devto: { mode: 'stream', stream_url: fake.origin } } })
      return { reader: createDevtoStream(config.platforms.devto, silentLogger), refused: () => fake.received.length }
    },
  ],
  [
    // A 503 of a proxy in front of the API: Stack Exchange's own refusals are read from their body.
    'Stack Overflow',
    (stops) => {
      const fake = downFor6s(stops, () => undefined)
      const config = testConfig({ platforms: { stackoverflow: { mode: 'stream', stream_url: fake.origin } } })
      const reader = createStackoverflowStream(config.platforms.stackoverflow, silentLogger)
      return { reader, refused: () => fake.received.length }
    },
  ],
  [
    'Reddit',
    (stops) => {
      // The token call is served (redditGate); the listings are down.
      const fake = downFor6s(stops, redditGate)
      const config = testConfig({
        platforms: { reddit: { ...redditSettings(fake.origin), mode: 'stream', stream_url: fake.origin } },
      })
      const listings = () => fake.received.filter((r) => r.url.pathname.startsWith('/r/')).length
      return { reader: createRedditStream(config.platforms.reddit, silentLogger), refused: listings }
    },
  ],
  [
    'Mastodon',
    (stops) => {
      // The instance serves its timeline; its streaming host is down.
      const masto = fakeMastodon('tok')
      stops.push(masto.stop)
      const fake = downFor6s(stops, () => undefined)
      const config = testConfig({
        platforms: { mastodon: { base_url: masto.url, access_token: 'tok', mode: 'stream', stream_url: fake.origin } },
      })
      return { reader: createMastodonStream(config.platforms.mastodon), refused: () => fake.received.length }
    },
  ],
]

// The five read side by side: each test is 4 s of waiting on its own fakes and timers, almost no CPU, so they take
// 4 s together instead of 20 one after the other (docs/performance.md#the-tests-time). Each stops its own fakes: an
// afterEach would run as the first of them ends, under the others still reading.
describe('A stream whose upstream answers 503 with Retry-After', () => {
  for (const [platform, start] of streams)
    test.concurrent(`${platform}: is asked again only after the time it named`, async () => {
      const stops: (() => void)[] = []
      try {
        const { reader, refused } = start(stops)
        const { refused: asked, failures } = await readFor4s(reader, refused)
        expect(failures.length).toBeGreaterThanOrEqual(1)
        expect(failures[0]).toContain('503')
        expect(asked).toBe(1)
      } finally {
        for (const stop of stops) stop()
      }
    }, 20_000)
})

describe("A 503's Retry-After", () => {
  const answer = (retryAfter: string) =>
    failedAnswer('devto', { status: 503, headers: new Headers({ 'retry-after': retryAfter }), text: '' })

  test('is not read as a rate limit, which would hold the searches too', () => {
    expect(answer('6').extra.retryAfterSec).toBeUndefined()
  })

  test('of days is waited an hour at most before the stream tries again', () => {
    // Ten days, as a typo or a broken proxy might say: the stream tries again within the hour.
    expect(retryWaitMs(answer('864000'), 0)).toBe(3600 * 1000)
    expect(retryWaitMs(answer('120'), 0)).toBe(120 * 1000)
  })
})
