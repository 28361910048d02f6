import { afterEach, describe, expect, test } from 'bun:test'
import { silentLogger } from '../../support/log'
import { createRedditStream } from '../../../src/platforms/reddit/stream'
import type { StreamSink } from '../../../src/platforms/stream'
import { testConfig } from '../../support/deps'
import { redditGate, redditSettings } from '../../support/fake-platforms'
import { fakeUpstream } from '../../support/fake-upstream'

// The Reddit stream against a fake of the documented listings (/r/<subs>/new and /comments, newest first) behind
// the app token and User-Agent Reddit requires (test/support/fake-platforms.ts redditGate).
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const thing = (id: string, a: Record<string, unknown>) => ({
  kind: a.body ? 't1' : 't3',
  data: { id, author: 'ann', permalink: `/r/sales/comments/${id}/x/`, created_utc: 1_790_000_000, ...a },
})

describe('Reddit stream (listings of the newest posts and comments)', () => {
  test('posts and comments newer than the stored ids of listed subreddits, oldest first, each with a resumable position', async () => {
    const fake = fakeUpstream((req) => {
      const gate = redditGate(req)
      if (gate) return gate
      const comments = req.url.pathname.endsWith('/comments')
      const children = comments
        ? [thing('c3', { body: 'Which CRM?' }), thing('c2', { body: 'old' })]
        : [
            thing('p9', { title: 'Best CRM for a small team?' }),
            thing('p8', { title: 'Any CRM advice' }),
            thing('p7', { title: 'old' }),
          ]
      return Response.json({ kind: 'Listing', data: { after: null, children } })
    })
    stops.push(fake.stop)
    const config = testConfig({
      platforms: {
        reddit: {
          ...redditSettings(fake.origin),
          stream_url: fake.origin,
          stream_subreddits: ['sales', 'smallbusiness'],
        },
      },
    })
    const reader = createRedditStream(config.platforms.reddit, silentLogger)
    const got: { id: string; kind?: string; position: string }[] = []
    const stop = new AbortController()
    const sink: StreamSink = {
      item: (m, position) => got.push({ id: m.id, kind: m.kind, position }),
      heard: () => stop.abort(),
      gap: () => {},
      failed: () => {},
      full: () => false,
      room: async () => {},
      now: () => new Date(),
    }
    await reader.read(JSON.stringify({ p: 'p7', c: 'c2' }), sink, stop.signal)
    expect(got).toEqual([
      { id: 'reddit:p8', kind: undefined, position: JSON.stringify({ p: 'p8', c: 'c2' }) },
      { id: 'reddit:p9', kind: undefined, position: JSON.stringify({ p: 'p9', c: 'c2' }) },
      { id: 'reddit:t1_c3', kind: 'comment', position: JSON.stringify({ p: 'p9', c: 'c3' }) },
    ])
    const listings = fake.received.filter((r) => r.url.pathname.startsWith('/r/'))
    expect(listings.map((r) => r.url.pathname)).toEqual([
      '/r/sales+smallbusiness/new',
      '/r/sales+smallbusiness/comments',
    ])
    expect(listings[0]?.headers.get('user-agent')).toContain('(by /u/tester)')
  })
})

describe('Reddit stream: a rate limit', () => {
  test("is waited out until Reddit's reset, not retried after a second", async () => {
    const fake = fakeUpstream((req) => {
      const gate = redditGate(req)
      if (gate) return gate
      // reddit.com/dev/api: X-Ratelimit-Reset is the seconds until the period ends.
      return Response.json(
        { message: 'Too Many Requests', error: 429 },
        { status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '100', 'x-ratelimit-reset': '6' } },
      )
    })
    stops.push(fake.stop)
    const config = testConfig({
      platforms: { reddit: { ...redditSettings(fake.origin), stream_url: fake.origin } },
    })
    const reader = createRedditStream(config.platforms.reddit, silentLogger)
    const stop = new AbortController()
    const failures: string[] = []
    const sink: StreamSink = {
      item: () => {},
      heard: () => {},
      gap: () => {},
      failed: (err) => failures.push((err as Error).message),
      full: () => false,
      room: async () => {},
      now: () => new Date(),
    }
    const reading = reader.read(JSON.stringify({ p: 'p1', c: 'c1' }), sink, stop.signal)
    await Bun.sleep(4000)
    stop.abort()
    await reading
    // One listing read, then the 6 s Reddit named (it read 3-4 times in 4 s, each refused).
    expect(fake.received.filter((r) => r.url.pathname.startsWith('/r/')).length).toBe(1)
    expect(failures.length).toBe(1)
  })
})
