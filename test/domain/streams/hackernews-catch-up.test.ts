import { afterEach, describe, expect, test } from 'bun:test'
import { createHackernewsStream } from '../../../src/platforms/hackernews/stream'
import { testConfig } from '../../support/deps'
import { fakeHackerNewsFirebase } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// Hacker News's Firebase API (github.com/HackerNews/API) has one item per call: after an outage of days the stream
// asked for every item since the stored id, one by one, before reading anything new (a week is hundreds of thousands
// of calls and hours of catch-up). It reads at most the newest 10,000 and names the rest as a gap, as the Mastodon
// stream's catch-up does past 400 statuses (docs/streams.md#resuming).
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Hacker News stream: a stored position far behind', () => {
  test('reads the newest 10,000 items, names the older ones as a gap, and reads on live', async () => {
    const hn = fakeHackerNewsFirebase()
    stops.push(hn.stop)
    const start = hn.story('Ask HN: before the outage')
    for (let i = 0; i < 12_000; i++) hn.comment(`missed ${i}`, start)
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    stops.push(() => stop.abort())
    const config = testConfig({ platforms: { hackernews: { stream_url: hn.url } } })
    void createHackernewsStream(config.platforms.hackernews).read(String(start), sink, stop.signal)
    const max = start + 12_000
    await eventually('the newest missed item', () => got.positions.includes(String(max)), 20_000)
    // The older 2,000 were never asked for; the newest 10,000 were, each once.
    expect(hn.itemRequests(start + 1)).toBe(0)
    expect(hn.itemRequests(max - 10_000)).toBe(0)
    expect(hn.itemRequests(max - 9_999)).toBe(1)
    expect(got.mentions).toHaveLength(10_000)
    expect(got.gaps).toEqual([expect.stringContaining(`items ${start + 1} to ${max - 10_000}`)])
    const live = hn.story('Ask HN: after the catch-up')
    await eventually('the live item', () => got.positions.includes(String(live)), 10_000)
  }, 40_000)
})
