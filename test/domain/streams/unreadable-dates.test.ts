import { afterEach, describe, expect, test } from 'bun:test'
import { createHackernewsStream } from '../../../src/platforms/hackernews/stream'
import { createRedditStream } from '../../../src/platforms/reddit/stream'
import type { StreamReader } from '../../../src/platforms/stream'
import { testConfig } from '../../support/deps'
import { redditGate, redditSettings } from '../../support/fake-platforms'
import { fakeHackerNewsFirebase } from '../../support/fake-streams'
import { fakeUpstream } from '../../support/fake-upstream'
import { silentLogger } from '../../support/log'
import { recordingSink } from '../../support/stream-world'

// Hacker News gives an item's `time` and Reddit a thing's `created_utc` in Unix seconds (github.com/HackerNews/API,
// reddit.com/dev/api). One beyond what a date can hold (a broken answer, a mirror) threw as the post was read, so the
// whole read failed, was retried, and failed again on the same post: the stream read nothing more while it was there
// (Hacker News for good, as its position never passed it; Reddit until a hundred newer posts pushed it off the
// listing).
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

async function readFor(reader: StreamReader, from: string, ms = 1500, now?: () => Date) {
  const { got, sink } = recordingSink(now)
  const stop = new AbortController()
  const reading = reader.read(from, sink, stop.signal)
  await Bun.sleep(ms)
  stop.abort()
  await reading
  return got
}

describe('A post dated beyond what a date can hold', () => {
  // The date is this server's clock as the runner has it (deps.clock, which the tests set), not the system's.
  test("Hacker News: is read with this server's date, and the items after it are read", async () => {
    const hn = fakeHackerNewsFirebase()
    stops.push(hn.stop)
    const start = hn.story('Before')
    const broken = hn.pending()
    hn.fill(broken, { type: 'story', by: 'pg', time: 1e20, title: 'Which CRM?' })
    const after = hn.story('After it')
    const config = testConfig({ platforms: { hackernews: { stream_url: hn.url } } })
    const clock = () => new Date('2031-03-04T05:06:07.000Z')
    const got = await readFor(createHackernewsStream(config.platforms.hackernews), String(start), 1500, clock)
    expect(got.failures).toEqual([])
    expect(got.mentions.map((m) => m.id)).toEqual([`hackernews:${broken}`, `hackernews:${after}`])
    expect(got.mentions[0]?.date).toBe('2031-03-04T05:06:07.000Z')
  })

  test("Reddit: is read with this server's date, and the posts after it are read", async () => {
    const thing = (id: string, created_utc: number) => ({
      kind: 't3',
      data: { id, author: 'ann', permalink: `/r/sales/comments/${id}/x/`, created_utc, title: `Post ${id}` },
    })
    const fake = fakeUpstream((req) => {
      const gate = redditGate(req)
      if (gate) return gate
      const children = req.url.pathname.endsWith('/new')
        ? [thing('1h5k2ac', 1_790_000_000), thing('1h5k2ab', 1e20), thing('1h5k2aa', 1_790_000_000)]
        : []
      return Response.json({ kind: 'Listing', data: { after: null, children } })
    })
    stops.push(fake.stop)
    const config = testConfig({
      platforms: { reddit: { ...redditSettings(fake.origin), stream_url: fake.origin, stream_subreddits: ['sales'] } },
    })
    const clock = () => new Date('2031-03-04T05:06:07.000Z')
    const reader = createRedditStream(config.platforms.reddit, silentLogger)
    const got = await readFor(reader, '{"p":"1h5k2aa","c":null}', 1500, clock)
    expect(got.failures).toEqual([])
    expect(got.mentions.map((m) => m.id).slice(0, 2)).toEqual(['reddit:1h5k2ab', 'reddit:1h5k2ac'])
    expect(got.mentions[0]?.date).toBe('2031-03-04T05:06:07.000Z')
  })
})
