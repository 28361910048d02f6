import { afterEach, describe, expect, test } from 'bun:test'
import { silentLogger } from '../../support/log'
import { eventually, jetstreamReading } from '../../support/stream-world'

// A Jetstream event's time_us is a number of microseconds (github.com/bluesky-social/jetstream, README "Consuming
// Jetstream"), and a post's record carries the createdAt its author's client wrote, which a PDS does not check. A post
// without a readable createdAt was dated by its time_us; one timed beyond what a date can hold threw in the WebSocket's
// message handler, which ends the whole process (Bun reports it as uncaught), and `serve` restarted to the same event
// replayed from its cursor, for as long as the instance keeps it.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const event = (time_us: number) =>
  JSON.stringify({
    did: 'did:plc:broken',
    time_us,
    kind: 'commit',
    commit: { operation: 'create', collection: 'app.bsky.feed.post', rkey: 'r1', record: { text: 'Which CRM?' } },
  })

describe('Bluesky stream: a post timed beyond what a date can hold', () => {
  for (const time_us of [1e22, -1e22])
    test(`(time_us ${time_us}, no createdAt) is read with this server's date, and the posts after it are read`, async () => {
      // This server's clock as the runner has it (deps.clock, which tests set), not the system's.
      const { jet, got, read } = jetstreamReading(stops, silentLogger, (sink) => {
        sink.now = () => new Date('2031-03-04T05:06:07.000Z')
      })
      void read(null)
      await eventually('the connection', () => jet.clients() === 1)
      jet.sendRaw(event(time_us))
      jet.post('The post after it.')
      await eventually('both posts', () => got.mentions.length === 2)
      const [broken] = got.mentions
      expect(broken?.date).toBe('2031-03-04T05:06:07.000Z')
      expect(got.failures).toEqual([])
    })
})

describe('Bluesky stream: a message whose reading throws', () => {
  test('is passed over as a gap rather than ending the process, and the posts after it are read', async () => {
    const { jet, got, read } = jetstreamReading(stops, silentLogger, (sink) => {
      const item = sink.item
      sink.item = (m, position) => {
        if (m.content === 'Throws.') throw new Error('a fault of the reader')
        item(m, position)
      }
    })
    void read(null)
    await eventually('the connection', () => jet.clients() === 1)
    jet.post('Throws.')
    jet.post('The post after it.')
    await eventually('the post after it', () => got.mentions.length === 1)
    expect(got.gaps).toEqual(['a Jetstream message could not be read (a fault of the reader); passed over'])
  })
})
