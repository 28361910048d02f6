import { afterEach, describe, expect, test } from 'bun:test'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeMastodon } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// docs/streams.md#outages: the wait before a retry grows while reads keep failing and starts over after one that
// worked. A streaming connection broken off by an error after reading a long while waited as long as after the
// failures before it, since only a connection that ended cleanly started the wait over.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Mastodon stream: a connection broken off after reading a while', () => {
  test('is retried within a second or so, however many reads failed before it', async () => {
    const masto = fakeMastodon('tok')
    stops.push(masto.stop)
    const config = testConfig({ platforms: { mastodon: { base_url: masto.url, access_token: 'tok', mode: 'stream' } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    // Three connections that end as they open: the wait has grown to 4-8 s.
    masto.setEndAtOnce(true)
    const reading = createMastodonStream(config.platforms.mastodon).read(null, sink, stop.signal)
    try {
      await eventually('three failed connections', () => masto.connections.length >= 3, 10_000)
      masto.setEndAtOnce(false)
      await eventually('a steady connection', () => masto.clients() === 1, 10_000)
      await Bun.sleep(10_500)
      const before = masto.connections.length
      masto.breakAll()
      await eventually('the failure', () => got.failures.length >= 4)
      expect(got.failures.at(-1)).toContain('broke off')
      const brokeAt = Date.now()
      await eventually('a new connection', () => masto.connections.length > before, 10_000)
      expect(Date.now() - brokeAt).toBeLessThan(1500)
    } finally {
      stop.abort()
      await reading
    }
  }, 40_000)
})

describe('Mastodon stream: a streaming server that answers 429', () => {
  test('is asked again only after the Retry-After it named, and the failure names the limit', async () => {
    const masto = fakeMastodon('tok')
    stops.push(masto.stop)
    // A streaming host (or the proxy in front of it) limiting connections: 429 with a wait of 6 s.
    const asked: number[] = []
    const limited = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch() {
        asked.push(Date.now())
        return Response.json({ error: 'Too many requests' }, { status: 429, headers: { 'retry-after': '6' } })
      },
    })
    stops.push(() => limited.stop(true))
    const config = testConfig({
      platforms: {
        mastodon: {
          base_url: masto.url,
          access_token: 'tok',
          mode: 'stream',
          stream_url: `http://127.0.0.1:${limited.port}`,
        },
      },
    })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    const reading = createMastodonStream(config.platforms.mastodon).read(null, sink, stop.signal)
    try {
      await eventually('the first refusal', () => got.failures.length >= 1)
      await Bun.sleep(4000)
      // Within 4 s, one request: each retry before the named wait is refused again (it asked 3-4 times).
      expect(asked.length).toBe(1)
      expect(got.failures[0]).toBe('mastodon streaming API is rate limited (429); retry after 6 s')
    } finally {
      stop.abort()
      await reading
    }
  }, 30_000)
})
