import { afterEach, describe, expect, test } from 'bun:test'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeFediverse, type IdScheme } from '../../support/fake-fediverse'
import { eventually, recordingSink } from '../../support/stream-world'

// A ULID's first 48 bits are its time in milliseconds, a FlakeId's first 64 (docs/platforms.md#mastodon), as a
// Mastodon id's are shifted 16 bits. A status whose id stands for a time years ahead (its server's clock is wrong)
// sorts after every other, and as the position it made each catch-up after a reconnection read nothing past it
// (min_id): what was posted while disconnected was lost (docs/streams.md#which-platforms-stream).
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const YEARS_30 = 30 * 365 * 86_400_000

for (const scheme of ['ulid', 'flake'] as IdScheme[])
  describe(`Mastodon stream: a ${scheme === 'ulid' ? 'ULID' : 'FlakeId'} numbered ahead of this server's clock`, () => {
    test('is read, but the catch-up after a reconnection still reads what was posted meanwhile', async () => {
      const fedi = fakeFediverse(scheme)
      stops.push(fedi.stop)
      const config = testConfig({
        platforms: { mastodon: { base_url: fedi.url, access_token: 'tok', mode: 'stream' } },
      })
      const { got, sink } = recordingSink()
      const stop = new AbortController()
      stops.push(() => stop.abort())
      void createMastodonStream(config.platforms.mastodon).read(null, sink, stop.signal)
      await eventually('the streaming connection', () => fedi.clients() === 1)
      const live = fedi.post('Read live.')
      fedi.post('From a server whose clock is thirty years ahead.', YEARS_30)
      await eventually('both statuses', () => got.mentions.length === 2)
      expect(got.gaps).toEqual([expect.stringContaining('ahead of this server')])
      expect(got.positions.at(-1)).toBe(live.id)
      fedi.dropAll()
      const missed = fedi.post('Posted while the stream was disconnected.')
      await eventually('the status posted while disconnected', () => got.mentions.length === 3, 15_000)
      expect(got.mentions[2]?.content).toBe('Posted while the stream was disconnected.')
      expect(got.positions.at(-1)).toBe(missed.id)
    }, 30_000)
  })
