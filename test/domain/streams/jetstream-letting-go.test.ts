import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import type { StreamSink } from '../../../src/platforms/stream'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { eventually } from '../../support/stream-world'

// docs/streams.md#backpressure: with the queue full, the Jetstream reader closes its connection and resumes from its
// cursor once there is room. What that connection had already received must not reach the queue after it (past its
// bound, moving the cursor past what the next connection replays): the WebSocket client drops a message that arrives
// once close() was called (its state is no longer OPEN), which this test holds the reader to.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Jetstream reader letting go of a connection', () => {
  test('hands on nothing more from it once the queue is full, and reads the rest after room', async () => {
    const jet = fakeJetstream()
    stops.push(jet.stop)
    const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
    let full = false
    let letGo = () => {}
    const room = new Promise<void>((r) => {
      letGo = r
    })
    const items: { id: string; whileFull: boolean }[] = []
    const stop = new AbortController()
    const sink: StreamSink = {
      item: (m) => {
        items.push({ id: m.id, whileFull: full })
        if (items.length === 1) full = true
      },
      heard: () => {},
      gap: () => {},
      failed: () => {},
      full: () => full,
      room: () => room,
      now: () => new Date(),
    }
    // A stored cursor, so that the next connection replays what this one let go of.
    const reading = createJetstreamReader(config.platforms.bluesky, silentLogger).read(
      String(Date.now() * 1000 - 1_000_000),
      sink,
      stop.signal,
    )
    try {
      await eventually('the reader to connect', () => jet.clients() === 1)
      const uris = Array.from({ length: 20 }, (_, i) => jet.post(`post ${i}`).uri)
      await eventually('the first post', () => items.length >= 1)
      await Bun.sleep(300)
      expect(items.filter((i) => i.whileFull)).toEqual([])
      full = false
      letGo()
      await eventually('every post', () => items.length >= uris.length, 5000)
      await Bun.sleep(200)
      // The first post is handed on again by the replay (the runner passes over an id it has handed on).
      expect([...new Set(items.map((i) => i.id))]).toEqual(uris.map((u) => `bluesky:${u}`))
    } finally {
      stop.abort()
      await reading
    }
  })
})

// Jetstream's time_us is each instance's own clock at the moment it sequenced the event, so two instances give the
// same post different times; its README advises rewinding the cursor a few seconds when switching instances, for a
// gapless replay handled idempotently (docs/streams.md#resuming).
describe('Bluesky stream: moving to another Jetstream instance', () => {
  /** A reader of `urls` from the stored position `from`, with what it hands on and the positions it hands on with. */
  const readFrom = (urls: string[], from: string | null) => {
    const read: { id: string; position: string }[] = []
    const sink: StreamSink = {
      item: (m, position) => read.push({ id: m.id, position }),
      heard: () => {},
      gap: () => {},
      failed: () => {},
      full: () => false,
      room: async () => {},
      now: () => new Date(),
    }
    const stop = new AbortController()
    const config = testConfig({ platforms: { bluesky: { stream_url: urls as never } } })
    const reading = createJetstreamReader(config.platforms.bluesky, silentLogger).read(from, sink, stop.signal)
    return {
      read,
      ids: () => [...new Set(read.map((r) => r.id))],
      stop: async () => {
        stop.abort()
        await reading
      },
    }
  }

  test('reads a post the new instance timed before the position read from the old one', async () => {
    const a = fakeJetstream()
    const b = fakeJetstream()
    stops.push(a.stop, b.stop)
    // The second instance sequences the relay's events 2 s earlier than the first (its clock, or a lag of the first).
    b.skipUs(-2_000_000)
    const reader = readFrom([a.url, b.url], null)
    try {
      await eventually('the first instance', () => a.clients() === 1)
      const both = (text: string, rkey: string) => {
        a.post(text, 'did:plc:author1', rkey)
        return b.post(text, 'did:plc:author1', rkey)
      }
      both('The first post, read from the first instance.', 'rkey1')
      await eventually('the first post', () => reader.read.length === 1)
      // The first instance restarts; a post reaches the relay while the reader moves to the second instance.
      a.dropAll()
      both('The second post, sent while the reader moves.', 'rkey2')
      await eventually('the second instance', () => b.clients() === 1)
      await eventually('the second post', () => reader.ids().length >= 2, 3000)
      // The replay hands the first post on again too (it is timed anew there); the runner passes over a post it had
      // by its address (domain/streams/runner.ts).
      expect(reader.ids()).toEqual([
        'bluesky:at://did:plc:author1/app.bsky.feed.post/rkey1',
        'bluesky:at://did:plc:author1/app.bsky.feed.post/rkey2',
      ])
    } finally {
      await reader.stop()
    }
  }, 20_000)

  // A position read from the second instance is on its clock. Stored without naming it, it was taken after a restart as
  // the first instance's, whose replay was then skipped by the wrong clock: with the second 3 s ahead, what the first
  // timed in those 3 s was never read (docs/streams.md#resuming).
  test('a stored position names its instance: after a restart nothing is skipped or read twice', async () => {
    const a = fakeJetstream()
    const b = fakeJetstream()
    stops.push(a.stop, b.stop)
    b.skipUs(3_000_000)
    const both = (text: string, rkey: string) => {
      a.post(text, 'did:plc:author1', rkey)
      return b.post(text, 'did:plc:author1', rkey)
    }
    const first = readFrom([a.url, b.url], null)
    await eventually('the first instance', () => a.clients() === 1)
    both('The first post, read from the first instance.', 'rkey1')
    await eventually('the first post', () => first.read.length === 1)
    a.dropAll()
    await eventually('the second instance', () => b.clients() === 1)
    const second = both('The second post, read from the second instance.', 'rkey2')
    await eventually('the second post', () => first.ids().length === 2)
    await first.stop()
    const stored = (first.read[first.read.length - 1] as { position: string }).position
    expect(stored.startsWith(`${second.time_us}/`)).toBe(true)
    // Sent while the stream is stopped, within the 3 s the second instance's clock is ahead of the first's.
    both('The third post, sent while the stream was stopped.', 'rkey3')
    const again = readFrom([a.url, b.url], stored)
    try {
      await eventually('the third post', () => again.read.length >= 1, 3000)
      await Bun.sleep(500)
      expect(again.ids()).toEqual(['bluesky:at://did:plc:author1/app.bsky.feed.post/rkey3'])
    } finally {
      await again.stop()
    }
  }, 20_000)
})
