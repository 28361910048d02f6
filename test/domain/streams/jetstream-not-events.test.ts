import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { eventually, recordingSink } from '../../support/stream-world'

// Jetstream sends one JSON event per message (github.com/bluesky-social/jetstream, v1 `/subscribe`). An address that
// keeps its connection open and sends something else (the relay's firehose, CBOR frames, written into stream_url by
// mistake; another service's WebSocket) was read for good without a word: a failed read only when it closed. Its first
// message not being an event, it is a failed read at once (docs/streams.md#outages).
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
})
