import { afterEach, describe, expect, test } from 'bun:test'
import type { StreamSink } from '../../../src/platforms/stream'
import { mastodonReading } from '../../support/mastodon-reading'
import { eventually } from '../../support/stream-world'

// docs/streams.md#outages: a Mastodon status whose reading throws (a fault of ours) must not stop the stream. Its
// reading is awaited, so the throw does not end the process as one in Jetstream's WebSocket handler would; but it was
// taken for the connection breaking off, and each reconnection's catch-up read the same status from the timeline and
// threw again, for as long as the timeline listed it.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const throwing = (sink: StreamSink) => {
  const item = sink.item
  sink.item = (m, position, a) => {
    if (m.content === 'Throws.') throw new Error('a fault of the reader')
    item(m, position, a)
  }
}

describe('Mastodon stream: an event whose reading throws', () => {
  test('is passed over as a gap, and the statuses after it are read', async () => {
    const { masto, got } = mastodonReading(stops, { adapt: throwing })
    await eventually('the connection', () => masto.clients() === 1)
    masto.post('Throws.')
    masto.post('The status after it.')
    await eventually('the status after it', () => got.mentions.length === 1)
    expect(got.gaps).toEqual(['a mastodon status could not be read (a fault of the reader); passed over'])
    expect(got.failures).toEqual([])
    expect(masto.connections).toHaveLength(1)
  })

  test('in the catch-up too, the statuses after it are read', async () => {
    // Posted while the stream was away: read from the timeline by the catch-up, from a position before them.
    const { masto, got } = mastodonReading(stops, {
      from: '1',
      adapt: throwing,
      before: (m) => {
        m.post('Throws.')
        m.post('The status after it.')
      },
    })
    await eventually('the status after it', () => got.mentions.some((m) => m.content === 'The status after it.'))
    expect(got.gaps).toEqual(['a mastodon status could not be read (a fault of the reader); passed over'])
    expect(got.failures).toEqual([])
    expect(masto.connections).toHaveLength(1)
  })
})
