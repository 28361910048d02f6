import { afterEach, describe, expect, test } from 'bun:test'
import type { Logger } from '../../../src/lib/log'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeMastodon } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// docs/streams.md#outages: the wait before a retry grows while reads keep failing and starts over after one that
// worked. A streaming connection broken off by an error after reading a long while waited as long as after the
// failures before it, since only a connection that ended cleanly started the wait over.
const PACE = { steadyMs: 2000, firstRetryMs: 500 }
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
    // Three connections that end as they open: the wait has grown to 2-4 s (a first wait of 0.5 s here, 1 s as
    // served, docs/streams.md#outages; and 4-8 s then).
    masto.setEndAtOnce(true)
    const reading = createMastodonStream(config.platforms.mastodon, undefined, PACE).read(null, sink, stop.signal)
    try {
      await eventually('three failed connections', () => masto.connections.length >= 3, 10_000)
      masto.setEndAtOnce(false)
      await eventually('a steady connection', () => masto.clients() === 1, 10_000)
      // Read past the steady 2 s (10 s as served).
      await Bun.sleep(PACE.steadyMs + 500)
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

/**
 * The stream against a streaming host (or the proxy in front of it) that answers every connection with `answer`:
 * how often it was asked, and the failures source health was given, 4 s after the first.
 *
 * The three tests that call it wait out those 4 s side by side (`test.concurrent`): almost no CPU, each on fakes of
 * its own, so 4 s together instead of 12 one after the other (docs/performance.md#the-tests-time). It stops its own
 * fakes, since the file's afterEach runs as the first of them ends, under the others still reading.
 */
async function refusedFor4s(token: string, answer: () => Response) {
  const masto = fakeMastodon('tok')
  const asked: number[] = []
  const refusing = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch() {
      asked.push(Date.now())
      return answer()
    },
  })
  const config = testConfig({
    platforms: {
      mastodon: {
        base_url: masto.url,
        access_token: token,
        mode: 'stream',
        stream_url: `http://127.0.0.1:${refusing.port}`,
      },
    },
  })
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  const reading = createMastodonStream(config.platforms.mastodon).read(null, sink, stop.signal)
  try {
    await eventually('the first refusal', () => got.failures.length >= 1)
    await Bun.sleep(4000)
    return { asked, failures: got.failures }
  } finally {
    stop.abort()
    await reading
    refusing.stop(true)
    masto.stop()
  }
}

describe('Mastodon stream: a streaming server that answers 429', () => {
  test.concurrent('is asked again only after the Retry-After it named, and the failure names the limit', async () => {
    // Connections limited: 429 with a wait of 6 s.
    const { asked, failures } = await refusedFor4s('tok', () =>
      Response.json({ error: 'Too many requests' }, { status: 429, headers: { 'retry-after': '6' } }),
    )
    // Within 4 s, one request: each retry before the named wait is refused again (it asked 3-4 times).
    expect(asked.length).toBe(1)
    expect(failures[0]).toBe('mastodon streaming API is rate limited (429); retry after 6 s')
  }, 30_000)
})

// docs/streams.md#outages: Mastodon answers 401 to a token it does not accept (revoked, mistyped, or issued by another
// instance). Retrying it every minute changes nothing until the operator sets another token, and source health said
// only "answered with status 401", not which setting to fix.
describe('Mastodon stream: a token the instance refuses', () => {
  test.concurrent('names the access_token setting and is not asked again within seconds', async () => {
    const { asked, failures } = await refusedFor4s('tok-Zq81x', () =>
      Response.json({ error: 'The access token is invalid' }, { status: 401 }),
    )
    // The growing wait of an outage asked again after 1 s and 2 s: a refused token is asked again much later.
    expect(asked.length).toBe(1)
    expect(failures[0]).toContain('refused the access token')
    expect(failures[0]).toContain('platforms.mastodon.access_token')
    expect(failures[0]).toContain('LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN')
    expect(failures[0]).not.toContain('tok-Zq81x')
  }, 30_000)
})

// docs.joinmastodon.org/methods/streaming: the public and hashtag streams need a user token with `read:statuses`; the
// streaming server refuses one without it with 401 too, its `error` saying the token lacks the required scopes. Told
// that the token was revoked or mistyped, the operator made another of the same scopes (docs/platforms.md#mastodon).
describe('Mastodon stream: a token without the read:statuses scope', () => {
  test.concurrent('says the scope is missing, not that the token was refused', async () => {
    const { asked, failures } = await refusedFor4s('tok', () =>
      Response.json({ error: 'Access token does not have the required scopes' }, { status: 401 }),
    )
    expect(asked.length).toBe(1)
    expect(failures[0]).toContain('read:statuses')
    expect(failures[0]).not.toContain('revoked')
    expect(failures[0]).toContain('platforms.mastodon.access_token')
  }, 30_000)
})

// docs/streams.md#outages: a streaming connection that had read for 10 s or more and is closed by the server is
// retried within a second. A Mastodon stream whose connection closed every minute (a proxy's timeout, a streaming
// server restarting) said so nowhere: no log line and no failure in source health, so it read as healthy however
// often it reconnected. It logs `stream_disconnected` now, as Jetstream's does; the catch-up still reads the gap.
describe('Mastodon stream: a streaming connection that was reading and is closed', () => {
  test('logs stream_disconnected with the streaming host, and reads on after it', async () => {
    const masto = fakeMastodon('tok')
    stops.push(masto.stop)
    const lines: { event: string; fields: Record<string, unknown> }[] = []
    const log = {
      info() {},
      warn: (event: string, fields: Record<string, unknown> = {}) => lines.push({ event, fields }),
      error() {},
    } as unknown as Logger
    const config = testConfig({ platforms: { mastodon: { base_url: masto.url, access_token: 'tok', mode: 'stream' } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    stops.push(() => stop.abort())
    void createMastodonStream(config.platforms.mastodon, log, { steadyMs: 300, firstRetryMs: 100 }).read(
      null,
      sink,
      stop.signal,
    )
    await eventually('the connection', () => masto.connections.length === 1)
    masto.post('A status read before the streaming server closes the connection.')
    await eventually('the status', () => got.mentions.length === 1)
    await Bun.sleep(400)
    masto.dropAll()
    await eventually('the disconnection', () => lines.some((l) => l.event === 'stream_disconnected'))
    expect(lines.find((l) => l.event === 'stream_disconnected')?.fields).toEqual({
      platform: 'mastodon',
      endpoint: new URL(masto.streamingUrl).host,
    })
    expect(got.failures).toEqual([])
    await eventually('the reconnection', () => masto.connections.length === 2)
  })
})
