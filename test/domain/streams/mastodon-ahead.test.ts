import { afterEach, describe, expect, test } from 'bun:test'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeMastodon } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// Mastodon numbers a status from another server by when it was published there (its id is a time, shifted 16 bits),
// and the stream's catch-up reads the timeline from the newest id read (`min_id`, docs.joinmastodon.org/methods/
// timelines). A status from a server whose clock is years ahead became that position, and every catch-up after a
// reconnection read nothing: what was posted while disconnected was lost (docs/streams.md#which-platforms-stream).
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Mastodon stream: a status numbered ahead of this server clock', () => {
  test('is read, but the catch-up after a reconnection still reads what was posted meanwhile', async () => {
    const masto = fakeMastodon()
    stops.push(masto.stop)
    const config = testConfig({ platforms: { mastodon: { base_url: masto.url, access_token: 'tok', mode: 'stream' } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    stops.push(() => stop.abort())
    void createMastodonStream(config.platforms.mastodon).read(null, sink, stop.signal)
    await eventually('the streaming connection', () => masto.clients() === 1)
    masto.post('Read live.')
    masto.post('From a server whose clock is thirty years ahead.', 'bob@ahead.example', -30 * 365 * 86_400)
    await eventually('both statuses', () => got.mentions.length === 2)
    expect(got.gaps).toEqual([expect.stringContaining('ahead of this server')])
    masto.dropAll()
    masto.post('Posted while the stream was disconnected.')
    await eventually(
      'the status posted while disconnected',
      () => got.mentions.some((m) => m.content.includes('while the stream was disconnected')),
      15_000,
    )
  }, 30_000)
})
