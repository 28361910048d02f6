import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { createDevtoStream } from '../../../src/platforms/devto/stream'
import { createHackernewsStream } from '../../../src/platforms/hackernews/stream'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { createRedditStream } from '../../../src/platforms/reddit/stream'
import { createStackoverflowStream } from '../../../src/platforms/stackoverflow/stream'
import type { StreamReader } from '../../../src/platforms/stream'
import { testConfig } from '../../support/deps'
import { fakeHackerNewsFirebase, fakeJetstream, fakeMastodon, fakeStackExchange } from '../../support/fake-streams'
import { redditGate, redditSettings } from '../../support/fake-platforms'
import { fakeUpstream } from '../../support/fake-upstream'
import { silentLogger } from '../../support/log'
import { eventually, recordingSink } from '../../support/stream-world'

// docs/streams.md#resuming: a stored position the reader cannot read (edited by an operator, restored from an older
// version's backup) starts the stream from now, reported as a gap, rather than stalling it for good: Hacker News read
// nothing while showing success, Reddit failed and restarted every 10 s.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/** Reads from `from` until `done` holds of what the sink got; returns the positions, gaps and failures. */
async function readFrom(reader: StreamReader, from: string, done: (got: Got) => boolean) {
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  const reading = reader.read(from, sink, stop.signal)
  try {
    await eventually('the reader to read on', () => done(got), 8000)
  } finally {
    stop.abort()
    await reading
  }
  return got
}
type Got = ReturnType<typeof recordingSink>['got']

describe('a stored position the reader cannot read', () => {
  test('Hacker News reads on from the newest item, with a gap', async () => {
    const hn = fakeHackerNewsFirebase()
    stops.push(hn.stop)
    const newest = hn.story('Ask HN: what do you use for notes?')
    const config = testConfig({ platforms: { hackernews: { stream_url: hn.url } } })
    const reader = createHackernewsStream(config.platforms.hackernews)
    const got = await readFrom(reader, 'forty million', (g) => g.positions.includes(String(newest)))
    expect(got.positions).not.toContain('NaN')
    expect(got.failures).toEqual([])
    expect(got.gaps).toHaveLength(1)
    expect(got.gaps[0]).toContain('could not be read')
  })

  for (const stored of ['{"p":"abc"', '42', '{"p":5,"c":null}']) {
    test(`Reddit reads on from the newest post and comment, with a gap (${stored})`, async () => {
      const fake = fakeUpstream((req) => {
        const gate = redditGate(req)
        if (gate) return gate
        const comments = req.url.pathname.endsWith('/comments')
        const data = comments
          ? { id: 'c9', author: 'ann', permalink: '/r/a/comments/c9/x/', created_utc: 1_790_000_000, body: 'x' }
          : { id: 'p9', author: 'ann', permalink: '/r/a/comments/p9/x/', created_utc: 1_790_000_000, title: 'x' }
        return Response.json({ kind: 'Listing', data: { children: [{ kind: comments ? 't1' : 't3', data }] } })
      })
      stops.push(fake.stop)
      const config = testConfig({ platforms: { reddit: { ...redditSettings(fake.origin), stream_url: fake.origin } } })
      const reader = createRedditStream(config.platforms.reddit, silentLogger)
      const fresh = JSON.stringify({ p: 'p9', c: 'c9' })
      const got = await readFrom(reader, stored, (g) => g.positions.includes(fresh) || g.failures.length > 0)
      expect(got.failures).toEqual([])
      expect(got.gaps).toHaveLength(1)
      expect(got.gaps[0]).toContain('could not be read')
    })
  }

  test('Jetstream connects without a cursor, with a gap', async () => {
    const jet = fakeJetstream()
    stops.push(jet.stop)
    const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
    const reader = createJetstreamReader(config.platforms.bluesky, silentLogger)
    const got = await readFrom(reader, 'not a time', () => {
      if (jet.clients() > 0) jet.post('hello')
      return jet.connections.length > 0 && jet.clients() > 0
    })
    expect(jet.connections[0]?.searchParams.get('cursor')).toBeNull()
    expect(got.gaps).toHaveLength(1)
    expect(got.gaps[0]).toContain('could not be read')
  })

  // These two read from now on already; only the warning was missing.
  test('Stack Overflow reads on from the newest question, with a gap', async () => {
    const fake = fakeStackExchange()
    stops.push(fake.stop)
    const id = fake.question('How do I pick a CRM?', 'We are a small team.')
    const config = testConfig({ platforms: { stackoverflow: { stream_url: fake.url } } })
    const reader = createStackoverflowStream(config.platforms.stackoverflow, silentLogger)
    const got = await readFrom(reader, 'yesterday', (g) => g.positions.some((p) => p.endsWith(`:${id}`)))
    expect(got.gaps).toHaveLength(1)
    expect(got.gaps[0]).toContain('could not be read')
  })

  test('DEV reads on from the newest article, with a gap', async () => {
    const fake = fakeUpstream(() =>
      Response.json([
        {
          id: 7,
          title: 'Picking a CRM',
          description: 'x',
          url: 'https://dev.to/ann/picking-a-crm',
          published_at: '2026-12-01T10:00:00Z',
          tag_list: ['crm'],
          user: { name: 'Ann', username: 'ann' },
        },
      ]),
    )
    stops.push(fake.stop)
    const config = testConfig({ platforms: { devto: { stream_url: fake.origin } } })
    const reader = createDevtoStream(config.platforms.devto, silentLogger)
    const got = await readFrom(reader, 'a:b', (g) => g.positions.length > 0)
    expect(got.gaps).toHaveLength(1)
    expect(got.gaps[0]).toContain('could not be read')
  })

  test('Mastodon reads on from the newest status, with a gap', async () => {
    const masto = fakeMastodon('tok')
    stops.push(masto.stop)
    const status = masto.post('A quiet morning at the harbour.')
    const config = testConfig({ platforms: { mastodon: { base_url: masto.url, access_token: 'tok', mode: 'stream' } } })
    const reader = createMastodonStream(config.platforms.mastodon)
    const got = await readFrom(reader, 'status 12', (g) => g.positions.includes(status.id) || g.failures.length > 0)
    expect(got.failures).toEqual([])
    expect(got.gaps).toHaveLength(1)
    expect(got.gaps[0]).toContain('could not be read')
  })
})
