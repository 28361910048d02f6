import { afterEach, describe, expect, test } from 'bun:test'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeMastodon } from '../../support/fake-streams'
import { BUYING, eventually, recordingSink } from '../../support/stream-world'

// docs.joinmastodon.org/methods/streaming: the public streams send `delete` with the id of a status deleted. A status
// deleted while its matches wait in the stream's queue is dropped with them (docs/streams.md#backpressure), as a
// Bluesky post is; the Mastodon reader passed the event over.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Mastodon stream: a status deleted upstream', () => {
  test('is told to the sink by the id its update was read with', async () => {
    const masto = fakeMastodon('tok')
    stops.push(masto.stop)
    const config = testConfig({ platforms: { mastodon: { base_url: masto.url, access_token: 'tok', mode: 'stream' } } })
    const { got, sink } = recordingSink()
    const deleted: string[] = []
    const stop = new AbortController()
    const reading = createMastodonStream(config.platforms.mastodon).read(
      null,
      { ...sink, deleted: (id) => deleted.push(id) },
      stop.signal,
    )
    try {
      await eventually('the stream to connect', () => masto.clients() === 1)
      const status = masto.post(BUYING(1))
      await eventually('the status', () => got.mentions.length === 1)
      masto.deleteStatus(status.id)
      await eventually('the deletion', () => deleted.length === 1)
      expect(deleted).toEqual([got.mentions[0]?.id])
    } finally {
      stop.abort()
      await reading
    }
  })
})
