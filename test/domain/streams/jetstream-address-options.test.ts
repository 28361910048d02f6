import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { eventually, recordingSink } from '../../support/stream-world'

// A stream_url copied from another Jetstream client can carry its options (github.com/bluesky-social/jetstream, v1
// `/subscribe`): `compress=true` makes every event a zstd-compressed binary message, `requireHello=true` makes the
// instance send nothing until the subscriber sends an options_update. The reader reads plain JSON and sends no hello
// (docs/streams.md#settings), so with either it read nothing: every message "not an event", or a silent connection
// taken for an instance that "could not be reached", retried for good.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

async function readsWith(options: string) {
  const jet = fakeJetstream()
  stops.push(jet.stop)
  const config = testConfig({ platforms: { bluesky: { stream_url: [`${jet.url}?${options}`] as never } } })
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  const reading = createJetstreamReader(config.platforms.bluesky, silentLogger, 2000).read(null, sink, stop.signal)
  try {
    await eventually('the connection', () => jet.connections.length >= 1)
    await Bun.sleep(100)
    jet.post('A post read as plain JSON.')
    await eventually('the post', () => got.mentions.length === 1 || got.failures.length > 0, 5000)
    expect(got.failures).toEqual([])
    expect(got.mentions.map((m) => m.content)).toEqual(['A post read as plain JSON.'])
    // Still the instance's other options (and the address itself) as written.
    expect(jet.connections[0]?.searchParams.get('wantedDids')).toBe('did:plc:author1')
  } finally {
    stop.abort()
    await reading
  }
}

describe('Bluesky stream: a stream_url that carries Jetstream options of its own', () => {
  test('compress=true: the events are read as plain JSON all the same', () =>
    readsWith('compress=true&wantedDids=did:plc:author1'))

  test('requireHello=true: the events are read without a hello', () =>
    readsWith('requireHello=true&wantedDids=did:plc:author1'))

  // The README's maximal example ends in `cursor=1725519626134432` (September 2024). Sent as written on a first start,
  // it asked the instance to replay all it keeps (a day or more of posts), each handed on as new: a new install
  // signalled and delivered yesterday's posts. Without a position the reader reads from now on, as the other streams.
  test("the README's example with a cursor: a first start reads from now on, not the instance's replay", async () => {
    const jet = fakeJetstream()
    stops.push(jet.stop)
    jet.post('A post of yesterday, kept by the instance.')
    const address = `${jet.url}?wantedCollections=app.bsky.feed.like&cursor=1725519626134432`
    const config = testConfig({ platforms: { bluesky: { stream_url: [address] as never } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    const reading = createJetstreamReader(config.platforms.bluesky, silentLogger, 2000).read(null, sink, stop.signal)
    try {
      await eventually('the connection', () => jet.clients() === 1)
      await Bun.sleep(300)
      jet.post('A post made after the start.')
      await eventually('the new post', () => got.mentions.length >= 1)
      await Bun.sleep(200)
      expect(got.mentions.map((m) => m.content)).toEqual(['A post made after the start.'])
      expect(jet.connections[0]?.searchParams.has('cursor')).toBe(false)
    } finally {
      stop.abort()
      await reading
    }
  })
})
