import { afterEach, describe, expect, test } from 'bun:test'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeMastodon } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// docs.joinmastodon.org/methods/streaming ("About HTTP server-sent events"): the streaming server keeps a connection
// alive with heartbeat comments (`:thump`) whether or not statuses reach it, so heartbeats say the connection is open,
// not that the timeline's statuses are sent. A streaming server that lost its feed of statuses sent heartbeats alone
// for as long as it ran: source health showed a stream that heard upstream every few seconds, and nothing was read.
// The timeline (docs.joinmastodon.org/methods/timelines) lists what the stream should have sent: docs/streams.md#outages.
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/** A fake instance sending a heartbeat every 100 ms, and its stream read with a quiet allowance of 1 s (5 min). */
function reading() {
  const masto = fakeMastodon('tok')
  stops.push(masto.stop)
  const beat = setInterval(() => masto.heartbeat(), 100)
  stops.push(() => clearInterval(beat))
  const config = testConfig({ platforms: { mastodon: { base_url: masto.url, access_token: 'tok', mode: 'stream' } } })
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  stops.push(() => stop.abort())
  const pace = { quietMs: 1000, graceMs: 300, firstRetryMs: 100, steadyMs: 500 }
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
