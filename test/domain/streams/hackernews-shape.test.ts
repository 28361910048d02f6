import { afterEach, describe, expect, test } from 'bun:test'
import { createHackernewsStream } from '../../../src/platforms/hackernews/stream'
import { testConfig } from '../../support/deps'
import { fakeHackerNewsFirebase } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// docs/streams.md#resuming: an item that is JSON but not an item (a field of another type, a mirror's own answer)
// is a failed read like one that is not JSON: tried again, then passed over as a gap naming it. It used to be passed
// over at once without a word, and a mirror answering every item so moved the position through everything unread.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

function reading(hn: ReturnType<typeof fakeHackerNewsFirebase>, from: number) {
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  const config = testConfig({ platforms: { hackernews: { stream_url: hn.url } } })
  const done = createHackernewsStream(config.platforms.hackernews).read(String(from), sink, stop.signal)
  return {
    got,
    stop() {
      stop.abort()
      return done
    },
  }
}

describe('Hacker News stream: an item of the wrong shape', () => {
  test('is a failed read, then a gap naming it, while the items after it read', async () => {
    const hn = fakeHackerNewsFirebase()
    stops.push(hn.stop)
    const start = hn.story('Ask HN: a start')
    const odd = hn.pending()
    hn.fill(odd, { type: 'story', by: 'pg', time: 'yesterday', title: 'x' })
    const after = hn.story('Ask HN: after it')
    const r = reading(hn, start)
    try {
      await eventually('the item after it', () => r.got.positions.includes(String(after)), 15_000)
    } finally {
      await r.stop()
    }
    expect(r.got.failures.length).toBeGreaterThan(0)
    expect(r.got.failures[0]).toContain(`item ${odd}`)
    expect(r.got.gaps).toHaveLength(1)
    expect(r.got.gaps[0]).toContain(`item ${odd}`)
  }, 30_000)

  test('every item of the wrong shape is an outage in source health, not a position moving through them', async () => {
    const hn = fakeHackerNewsFirebase()
    stops.push(hn.stop)
    const start = hn.story('Ask HN: a start')
    const ids = [hn.pending(), hn.pending(), hn.pending()]
    for (const id of ids) hn.fill(id, { id: `x${id}`, error: 'not here' })
    const r = reading(hn, start)
    try {
      await eventually('a failed read', () => r.got.failures.length > 0)
      await Bun.sleep(1500)
    } finally {
      await r.stop()
    }
    expect(r.got.positions.filter((p) => ids.map(String).includes(p))).toEqual([])
    expect(r.got.gaps).toEqual([])
  }, 30_000)
})
