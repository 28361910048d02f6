import { afterEach, describe, expect, test } from 'bun:test'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeMastodon } from '../../support/fake-streams'
import { BUYING, eventually, recordingSink } from '../../support/stream-world'

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
    const masto = fakeMastodon('tok')
    stops.push(masto.stop)
    const config = testConfig({ platforms: { mastodon: { base_url: masto.url, access_token: 'tok', mode: 'stream' } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    const reading = createMastodonStream(config.platforms.mastodon).read(null, sink, stop.signal)
    try {
      await eventually('the stream to connect', () => masto.clients() === 1)
      masto.sendRaw('event: update\ndata: {"id": "1", "content": <p>not JSON</p>}\n\n')
      masto.sendRaw('event: update\ndata: {"id": 2}\n\n')
      masto.post(BUYING(1))
      await eventually('the status', () => got.mentions.length === 1)
      expect(got.gaps).toEqual(['mastodon streaming API sent an update that is not a status; passed over'])
      expect(got.failures).toEqual([])
    } finally {
      stop.abort()
      await reading
    }
  })
})
