import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import type { StreamSink } from '../../../src/platforms/stream'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { eventually } from '../../support/stream-world'

// docs/streams.md#backpressure: with the queue full, the Jetstream reader closes its connection and resumes from its
// cursor once there is room. The cursor is on the clock of the instance it was read from (Jetstream's README: cursors
// are each instance's time_us, and switching instances calls for a rewind of a few seconds), so resuming is done at
// that instance: only a connection that is lost moves to the next address of `stream_url`
// (docs/streams.md#settings).
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Jetstream reader with several addresses, once the queue has room again', () => {
  test('resumes at the instance its cursor was read from, and loses nothing posted while it waited', async () => {
    const a = fakeJetstream()
    const b = fakeJetstream()
    stops.push(a.stop, b.stop)
    // The first instance times events 8 s later than the second (it had fallen behind the relay and caught up), more
    // than the 5 s a rewind covers.
    a.skipUs(8_000_000)
    const both = (text: string, rkey: string) => {
      a.post(text, 'did:plc:author1', rkey)
      b.post(text, 'did:plc:author1', rkey)
    }
    const config = testConfig({ platforms: { bluesky: { stream_url: [a.url, b.url] as never } } })
    let full = false
    let letGo = () => {}
    const room = new Promise<void>((r) => {
      letGo = r
    })
    const ids: string[] = []
    const sink: StreamSink = {
      item: (m) => {
        ids.push(m.id)
        if (ids.length === 1) full = true
      },
      heard: () => {},
      gap: () => {},
      failed: () => {},
      full: () => full,
      room: () => room,
      now: () => new Date(),
    }
    const stop = new AbortController()
    const reading = createJetstreamReader(config.platforms.bluesky, silentLogger).read(null, sink, stop.signal)
    try {
      await eventually('the first instance', () => a.clients() === 1)
      both('The first post, which fills the queue.', 'rkey1')
      await eventually('the first post', () => ids.length === 1)
      await eventually('the connection let go', () => a.clients() === 0)
      both('The second post, sent while the queue was full.', 'rkey2')
      full = false
      letGo()
      await eventually('the second post', () => new Set(ids).size === 2, 5000)
      expect(a.connections.length).toBe(2)
      expect(b.connections.length).toBe(0)
    } finally {
      stop.abort()
      await reading
    }
  }, 20_000)
})
