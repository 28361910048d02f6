import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { eventually, recordingSink } from '../../support/stream-world'

// Jetstream sends one JSON event per message (github.com/bluesky-social/jetstream, v1 `/subscribe`). An address that
// keeps its connection open and sends something else (the relay's firehose, CBOR frames, written into stream_url by
// mistake; another service's WebSocket) was read for good without a word: a failed read only when it closed. Its first
// message not being an event, it is a failed read at once (docs/streams.md#outages); a message that is not an event
// among events (once passed over without a word) is a gap, told once a connection; an event whose record a PDS did
// not check is an event all the same, and no gap.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

async function reader() {
  const jet = fakeJetstream()
  stops.push(jet.stop)
  const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  const reading = createJetstreamReader(config.platforms.bluesky, silentLogger).read(null, sink, stop.signal)
  stops.push(() => stop.abort())
  await eventually('the connection', () => jet.clients() === 1)
  return { jet, got, done: () => reading }
}

describe('Bluesky stream: an address that sends what is not a Jetstream event', () => {
  test('from its first message, with the connection kept open: a failed read at once', async () => {
    const { jet, got } = await reader()
    jet.sendRaw('\u00a2ebodyx\u0000')
    jet.sendRaw('{"op": 1, "t": "#commit"}')
    await eventually('the failure', () => got.failures.length >= 1, 3000)
    expect(got.failures[0]).toBe(`bluesky: Jetstream at ${new URL(jet.url).host} sent something that is not an event`)
  })

  test('among events: passed over as a gap, told once, and the events after it are read', async () => {
    const { jet, got } = await reader()
    jet.post('The first post.')
    await eventually('the first post', () => got.mentions.length === 1)
    jet.sendRaw('not an event')
    jet.sendRaw('{"time_us": "soon"}')
    // An event all the same, whose record a PDS did not check: no post, and no gap.
    jet.sendRaw(
      `{"did":"did:plc:x","time_us":${Date.now() * 1000},"kind":"commit","commit":{"operation":"create","collection":"app.bsky.feed.post","rkey":"r1","record":{"text":42}}}`,
    )
    jet.post('The second post.')
    await eventually('the second post', () => got.mentions.length === 2)
    expect(got.gaps).toEqual([`Jetstream at ${new URL(jet.url).host} sent a message that is not an event; passed over`])
    expect(got.failures).toEqual([])
    expect(got.positions.some((p) => p.includes('/did:plc:x@'))).toBe(true)
  })
})
