import { afterEach, describe, expect, test } from 'bun:test'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import type { StreamSink } from '../../../src/platforms/stream'
import { testConfig } from '../../support/deps'
import { fakeFediverse } from '../../support/fake-fediverse'
import { fakeMastodon } from '../../support/fake-streams'
import { mastodonStreamWorld } from '../../support/mastodon-world'
import { BUYING, eventually, recordingSink } from '../../support/stream-world'

// docs.joinmastodon.org/methods/streaming ("About HTTP server-sent events"): the streaming server keeps a connection
// alive with heartbeat comments (`:thump`) whether or not statuses reach it, so heartbeats say the connection is open,
// not that the timeline's statuses are sent. A streaming server that lost its feed of statuses sent heartbeats alone
// for as long as it ran: source health showed a stream that heard upstream every few seconds, and nothing was read.
// The timeline (docs.joinmastodon.org/methods/timelines) lists what the stream should have sent:
// docs/streams.md#outages.
const stops: (() => unknown)[] = []
afterEach(async () => {
  while (stops.length) await stops.pop()?.()
})

/**
 * A fake instance sending a heartbeat every 100 ms, and its stream read with a quiet allowance of 1 s (5 min) unless
 * `pace` says otherwise; `adapt` changes the sink first.
 */
function reading(
  pace: Parameters<typeof createMastodonStream>[2] = { quietMs: 1000, graceMs: 300, firstRetryMs: 100, steadyMs: 500 },
  adapt?: (sink: StreamSink) => void,
) {
  const masto = fakeMastodon('tok')
  stops.push(masto.stop)
  const beat = setInterval(() => masto.heartbeat(), 100)
  stops.push(() => clearInterval(beat))
  const config = testConfig({ platforms: { mastodon: { base_url: masto.url, access_token: 'tok', mode: 'stream' } } })
  const { got, sink } = recordingSink()
  adapt?.(sink)
  const stop = new AbortController()
  stops.push(() => stop.abort())
  void createMastodonStream(config.platforms.mastodon, undefined, pace).read(null, sink, stop.signal)
  return { masto, got }
}

describe('Mastodon stream: a connection that sends only heartbeats', () => {
  test('while the timeline lists new statuses: a failed read, and the reconnection reads what it did not send', async () => {
    const { masto, got } = reading()
    await eventually('the stream to connect', () => masto.clients() === 1)
    masto.post('Read as it is posted.')
    await eventually('the first status', () => got.mentions.length === 1)
    masto.setStalled(true)
    masto.post('Posted while the streaming server sends nothing.')
    masto.post('Posted while it still sends nothing.')
    await eventually('the stall to be told', () => got.failures.length > 0, 10_000)
    expect(got.failures[0]).toBe(
      'mastodon streaming API sent no status for 1 s while the timeline listed 2 new; reconnecting',
    )
    await eventually('the statuses it did not send', () => got.mentions.length === 3, 10_000)
    expect(got.mentions.map((m) => m.content)).toEqual([
      'Read as it is posted.',
      'Posted while the streaming server sends nothing.',
      'Posted while it still sends nothing.',
    ])
  }, 20_000)

  test('on a timeline nobody posts to: normal, no failure and no reconnection', async () => {
    const { masto, got } = reading()
    await eventually('the stream to connect', () => masto.clients() === 1)
    masto.post('The only status for a while.')
    await eventually('the status', () => got.mentions.length === 1)
    await Bun.sleep(3500)
    expect(got.failures).toEqual([])
    expect(masto.connections).toHaveLength(1)
  }, 20_000)
})

describe('Mastodon stream: a stalled streaming server, as a team sees it', () => {
  test('source health names the stall, and the status it did not send becomes a signal', async () => {
    const masto = fakeMastodon('tok')
    const beat = setInterval(() => masto.heartbeat(), 100)
    stops.push(() => clearInterval(beat))
    const pace = { quietMs: 1000, graceMs: 300 }
    const { deps, signals } = await mastodonStreamWorld(masto, stops, '', undefined, 'sse', pace)
    await eventually('the stream to connect', () => masto.clients() === 1)
    masto.post(BUYING(1))
    await eventually('the first signal', async () => (await signals()) === 1)
    masto.setStalled(true)
    masto.post(BUYING(2))
    await eventually('the missed signal', async () => (await signals()) === 2, 15_000)
    const [health] = await deps.repos.platformHealth.list()
    expect(health?.lastError).toBe(
      'mastodon streaming API sent no status for 1 s while the timeline listed 1 new; reconnecting',
    )
  }, 30_000)
})

// Over the WebSocket (docs.joinmastodon.org/methods/streaming#websocket; GoToSocial, Pleroma and Akkoma serve no other)
// the connection is kept alive by pings, which say no more than a `:thump` does.
describe('Mastodon stream over WebSocket: a server that stopped streaming statuses', () => {
  test('is told from the timeline, and the reconnection reads what it did not send', async () => {
    const fedi = fakeFediverse('ulid', 'tok', 'websocket')
    stops.push(fedi.stop)
    const mastodon = {
      base_url: fedi.url,
      access_token: 'tok',
      mode: 'stream' as const,
      stream_transport: 'auto' as const,
    }
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    stops.push(() => stop.abort())
    const pace = { quietMs: 1000, graceMs: 300, firstRetryMs: 50, steadyMs: 200 }
    const config = testConfig({ platforms: { mastodon } })
    void createMastodonStream(config.platforms.mastodon, undefined, pace).read(null, sink, stop.signal)
    await eventually('the WebSocket', () => fedi.clients() === 1)
    fedi.post('Streamed as it is posted.')
    await eventually('the first status', () => got.mentions.length === 1)
    fedi.setStalled(true)
    fedi.post('Listed, never streamed.')
    await eventually('the status it did not send', () => got.mentions.length === 2, 10_000)
    expect(got.failures[0]).toBe(
      'mastodon streaming API sent no status for 1 s while the timeline listed 1 new; reconnecting',
    )
  }, 20_000)
})

// docs/streams.md#backpressure: while the stream's queue is full the reader reads nothing, and what the server sends
// waits in the connection. That is this server's wait, not the streaming server's silence.
describe('Mastodon stream: waiting longer than the quiet allowance for room in the queue', () => {
  test('is no stall: no failed read, no reconnection, and what waited is read', async () => {
    let full = false
    const { masto, got } = reading({ quietMs: 500, graceMs: 300 }, (sink) => {
      sink.full = () => full
      sink.room = () =>
        Bun.sleep(2500).then(() => {
          full = false
        })
    })
    await eventually('the stream to connect', () => masto.clients() === 1)
    full = true
    masto.post('Read, and then the queue is full.')
    await eventually('the first status', () => got.mentions.length === 1)
    masto.post('Waits in the connection for room.')
    await eventually('the status that waited', () => got.mentions.length === 2, 10_000)
    expect(got.failures).toEqual([])
    expect(masto.connections).toHaveLength(1)
  }, 20_000)
})
