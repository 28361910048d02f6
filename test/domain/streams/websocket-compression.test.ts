import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeFediverse } from '../../support/fake-fediverse'
import { fakeJetstream } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { eventually, recordingSink } from '../../support/stream-world'

// Bun's WebSocket client offers permessage-deflate unless told not to (bun-types, WebSocketOptionsCompression), and a
// server that takes the offer sends each message compressed: 120 MiB of JSON padding is 122 kB on the wire, and the
// client inflates every message whole (up to 128 MiB) before the reader can refuse it. Ten such messages took a
// Jetstream reader to 1.47 GB of RSS. Neither stream needs it: Jetstream's server never compresses that way (its
// upgrader leaves compression off; its own option is zstd, which the reader does not ask for), and the Mastodon
// streaming servers send JSON a few kB long (docs/streams.md#outages).
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('stream WebSockets offer no compression a hostile server could inflate', () => {
  test('Jetstream: the subscription offers no permessage-deflate, and events are read as plain JSON', async () => {
    const jet = fakeJetstream()
    stops.push(jet.stop)
    const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    void createJetstreamReader(config.platforms.bluesky, silentLogger).read(null, sink, stop.signal)
    stops.push(() => stop.abort())
    await eventually('the connection', () => jet.clients() === 1)
    jet.post('Looking for a CRM.')
    await eventually('the post', () => got.mentions.length === 1)
    expect(jet.offers).toEqual([null])
  })

  test('Mastodon over WebSocket: the upgrade offers no permessage-deflate, and statuses are read', async () => {
    const fedi = fakeFediverse('ulid', 'tok', 'websocket')
    stops.push(fedi.stop)
    const mastodon = { base_url: fedi.url, access_token: 'tok', mode: 'stream' as const, stream_transport: 'websocket' }
    const config = testConfig({ platforms: { mastodon } as never })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    const pace = { steadyMs: 200, firstRetryMs: 50, silenceMs: 800 }
    void createMastodonStream(config.platforms.mastodon, undefined, pace).read(null, sink, stop.signal)
    stops.push(() => stop.abort())
    await eventually('the WebSocket', () => fedi.clients() === 1)
    fedi.post('Anyone know a good CRM?')
    await eventually('the status', () => got.mentions.length === 1)
    expect(fedi.offers).toEqual([null])
  })
})
