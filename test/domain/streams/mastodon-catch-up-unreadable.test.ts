import { afterEach, describe, expect, test } from 'bun:test'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeFediverse } from '../../support/fake-fediverse'
import { eventually, recordingSink } from '../../support/stream-world'

// The catch-up reads the timeline 40 at a time (min_id, docs.joinmastodon.org/methods/timelines) and stops at a page
// shorter than that. A page of 40 of which one status could not be read (a field its server writes its own way) was
// taken for the last, so what followed it was not read until the next reconnection (docs/streams.md#outages).
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Mastodon catch-up: a full page with a status that cannot be read', () => {
  test('reads on to the next page', async () => {
    const fedi = fakeFediverse('ulid')
    stops.push(fedi.stop)
    const start = fedi.post('Where the stream stood.')
    const missed = Array.from({ length: 45 }, (_, i) => fedi.post(`Missed ${i}.`))
    // Its account is not an account: not a status this reader can read.
    Object.assign(missed[10] ?? {}, { account: null })
    const config = testConfig({ platforms: { mastodon: { base_url: fedi.url, access_token: 'tok', mode: 'stream' } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    stops.push(() => stop.abort())
    void createMastodonStream(config.platforms.mastodon).read(start.id, sink, stop.signal)
    await eventually('the catch-up', () => got.positions.length > 0 && fedi.clients() === 1)
    await eventually('the statuses of the second page', () => got.mentions.length === 44)
    expect(got.mentions.map((m) => m.content)).toEqual(missed.flatMap((_, i) => (i === 10 ? [] : [`Missed ${i}.`])))
    expect(got.positions.at(-1)).toBe(missed[44]?.id)
  }, 30_000)
})
