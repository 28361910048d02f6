import { afterEach, describe, expect, test } from 'bun:test'
import { createHackernewsStream } from '../../../src/platforms/hackernews/stream'
import { testConfig } from '../../support/deps'
import { fakeHackerNewsFirebase } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// github.com/HackerNews/API: /v0/maxitem.json is the current largest item id, and Hacker News numbers every story and
// comment as it is made, some ten thousand a day. An API (or a mirror of it) that stopped updating answers the same
// maxitem for good: the stream took each answer for upstream speaking, so source health showed it reading, and no
// item was read, for as long as it lasted (docs/streams.md#outages).
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/** A fake Firebase API holding one story, and its stream read from that story on. */
function reading() {
  const hn = fakeHackerNewsFirebase()
  const start = hn.story('Ask HN: a start')
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  stops.push(hn.stop, () => stop.abort())
  const config = testConfig({ platforms: { hackernews: { stream_url: hn.url } } })
  // maxitem asked every 50 ms (5 s as served); an allowance of 600 ms (10 minutes as served).
  const pace = { pollMs: 50, firstRetryMs: 50, stuckMs: 600 }
  void createHackernewsStream(config.platforms.hackernews, undefined, pace).read(String(start), sink, stop.signal)
  return { hn, got }
}

describe('Hacker News stream: a maxitem that stops moving', () => {
  test('is a failed read once it has not moved for the allowance, and the stream reads on when it moves', async () => {
    const { hn, got } = reading()
    const first = hn.story('Ask HN: read at once')
    await eventually('the first story', () => got.positions.includes(String(first)))
    expect(got.failures).toEqual([])
    await eventually('the stall to be told', () => got.failures.length > 0, 5000)
    expect(got.failures[0]).toMatch(
      new RegExp(`^hackernews maxitem has stayed at ${first} for \\d+ s: the API answers but has stopped updating$`),
    )
    const next = hn.story('Ask HN: after the stall')
    await eventually('the story after it', () => got.mentions.some((m) => m.id === `hackernews:${next}`))
  }, 15_000)
})
