import { afterEach, describe, expect, test } from 'bun:test'
import { createHackernewsStream } from '../../../src/platforms/hackernews/stream'
import { testConfig } from '../../support/deps'
import { fakeHackerNewsFirebase } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// Firebase's REST API answers `null`, with 200, for a path that holds no data (github.com/HackerNews/API is served by
// it). A stream_url without its /v0 read maxitem as 0: the stream looked healthy and read nothing, and stored 0 as
// its position, so once the address was put right it read Hacker News from its first item, some 40 million of them.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Hacker News stream: a stream_url that is not the API', () => {
  test('a maxitem that is not an item id is a failed read, and the position stays', async () => {
    const hn = fakeHackerNewsFirebase()
    stops.push(hn.stop)
    const config = testConfig({ platforms: { hackernews: { stream_url: hn.url.replace(/\/v0$/, '') } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    const reading = createHackernewsStream(config.platforms.hackernews).read('40000000', sink, stop.signal)
    try {
      await eventually('the failure', () => got.failures.length >= 1 || got.positions.length >= 1)
      expect(got.failures).toEqual([
        'hackernews sent a maxitem that is not an item id (null: no data at that address; the API is at …/v0)',
      ])
      expect(got.positions).toEqual([])
    } finally {
      stop.abort()
      await reading
    }
  })
})
