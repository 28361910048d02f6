import { afterEach, describe, expect, test } from 'bun:test'
import { mastodonReading } from '../../support/mastodon-reading'
import { BUYING, eventually } from '../../support/stream-world'

// docs.joinmastodon.org/methods/streaming: `update` carries a status as JSON. One that is not (a broken proxy, a
// server of another make writing a field its own way) was passed over without a word: a stream whose every update
// was unreadable showed as reading, and found nothing. It is a gap, which source health shows
// (docs/streams.md#resuming), told once a connection, however many follow.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Mastodon stream: an update that is not a status', () => {
  test('is passed over as a gap, told once a connection, and the statuses after it are read', async () => {
    const { masto, got } = mastodonReading(stops)
    await eventually('the stream to connect', () => masto.clients() === 1)
    masto.sendRaw('event: update\ndata: {"id": "1", "content": <p>not JSON</p>}\n\n')
    masto.sendRaw('event: update\ndata: {"id": 2}\n\n')
    masto.post(BUYING(1))
    await eventually('the status', () => got.mentions.length === 1)
    expect(got.gaps).toEqual(['mastodon streaming API sent an update that is not a status; passed over'])
    expect(got.failures).toEqual([])
  })
})

// Ids are opaque strings (docs.joinmastodon.org/api/guidelines): a Mastodon id is an integer sent as one, other
// servers' ids have letters (docs/platforms.md#mastodon). A status whose id is none of these (more digits than an
// instance gives, a space, none) was read, and became the stream's position, past which every catch-up read nothing
// (min_id beyond every status), and which a restart could not read back, a gap.
describe('Mastodon stream: a status whose id is not a status id', () => {
  for (const id of ['1'.repeat(40), 'a b', ''])
    test(`("${id.slice(0, 12)}") is passed over as a gap and moves no position`, async () => {
      const { masto, got } = mastodonReading(stops)
      await eventually('the connection', () => masto.clients() === 1)
      const before = masto.post('Before it.')
      const status = {
        ...before,
        id,
        uri: `https://example.social/users/ann/statuses/${id}x`,
        url: null,
        content: 'Bad id.',
      }
      masto.sendRaw(`event: update\ndata: ${JSON.stringify(status)}\n\n`)
      const after = masto.post('After it.')
      await eventually('the status after it', () => got.mentions.some((m) => m.content === 'After it.'))
      expect(got.mentions.map((m) => m.content)).toEqual(['Before it.', 'After it.'])
      expect(got.positions.every((p) => /^\d{1,30}$/.test(p))).toBe(true)
      expect(got.positions.at(-1)).toBe(after.id)
      expect(got.gaps).toEqual(['mastodon streaming API sent an update that is not a status; passed over'])
    })
})

describe('Mastodon stream: a status whose id is of another kind than the position', () => {
  test('is read, and the position stays where the ids of the instance put it', async () => {
    const { masto, got } = mastodonReading(stops)
    await eventually('the connection', () => masto.clients() === 1)
    const before = masto.post('Before it.')
    // Read once the connection's catch-up is done: posted while it ran, what follows would be listed by the timeline,
    // read by it before the stream, and the status that is not on the timeline would come last.
    await eventually('the status before it', () => got.mentions.length === 1)
    const other = { ...before, id: '9xk2m1abcd', uri: 'https://example.social/s/z', content: 'Other.' }
    masto.sendRaw(`event: update\ndata: ${JSON.stringify(other)}\n\n`)
    const after = masto.post('After it.')
    await eventually('the status after it', () => got.mentions.some((m) => m.content === 'After it.'))
    expect(got.mentions.map((m) => m.content)).toEqual(['Before it.', 'Other.', 'After it.'])
    // Numbers and a 10-character id cannot be told apart in time: the one of another kind moved no position.
    expect(got.positions.slice(-3)).toEqual([before.id, before.id, after.id])
    expect(got.gaps).toEqual([])
  })
})
