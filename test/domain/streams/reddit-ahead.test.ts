import { afterEach, describe, expect, test } from 'bun:test'
import { silentLogger } from '../../support/log'
import { createRedditStream } from '../../../src/platforms/reddit/stream'
import { testConfig } from '../../support/deps'
import { redditGate, redditSettings } from '../../support/fake-platforms'
import { fakeUpstream } from '../../support/fake-upstream'
import { recordingSink } from '../../support/stream-world'

// Reddit numbers posts and comments in base 36, in the order they are made (reddit.com/dev/api, "fullnames"), and the
// stream's position is the newest id read of each listing. One impossibly large id from a broken answer or a mirror
// became that position, and no id after it was ever newer again: the stream read nothing more, for good.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const post = (id: string, title: string) => ({
  kind: 't3',
  data: { id, author: 'ann', permalink: `/r/sales/comments/${id}/x/`, created_utc: 1_790_000_000, title },
})

function listings() {
  const state = { posts: [] as object[] }
  const fake = fakeUpstream((req) => {
    const gate = redditGate(req)
    if (gate) return gate
    const children = req.url.pathname.endsWith('/new') ? state.posts : []
    return Response.json({ kind: 'Listing', data: { after: null, children } })
  })
  stops.push(fake.stop)
  const config = testConfig({
    platforms: { reddit: { ...redditSettings(fake.origin), stream_url: fake.origin, stream_subreddits: ['sales'] } },
  })
  // One pass over both listings, from `from`.
  const readOnce = async (from: string) => {
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    const heard = sink.heard
    sink.heard = (a) => {
      heard(a)
      if (a?.caughtUp) stop.abort()
    }
    await createRedditStream(config.platforms.reddit, silentLogger).read(from, sink, stop.signal)
    return { ...got, last: got.positions[got.positions.length - 1] as string }
  }
  return { state, readOnce }
}

describe('Reddit stream: an impossibly large id', () => {
  for (const [what, huge] of [
    ['beyond Number.MAX_SAFE_INTEGER', 'zzzzzzzzzzzzzzzzzzzz'],
    ['far beyond what Reddit has numbered', 'zzzzzzzzz'],
  ] as const)
    test(`(${what}) is read, the position does not follow it, and the posts after it are read`, async () => {
      const { state, readOnce } = listings()
      state.posts = [post(huge, 'Broken id'), post('1h5k2ab', 'Which CRM?'), post('1h5k2aa', 'Before')]
      const first = await readOnce(JSON.stringify({ p: '1h5k2aa', c: null }))
      expect(first.mentions.map((m) => m.id)).toEqual(['reddit:1h5k2ab', `reddit:${huge}`])
      expect(JSON.parse(first.last).p).toBe('1h5k2ab')
      expect(first.gaps).toEqual([expect.stringContaining(`id ${huge}`)])
      state.posts = [post(huge, 'Broken id'), post('1h5k2ac', 'Any CRM advice?'), ...state.posts.slice(1)]
      const second = await readOnce(first.last)
      expect(second.mentions.map((m) => m.id)).toEqual(['reddit:1h5k2ac', `reddit:${huge}`])
      expect(JSON.parse(second.last).p).toBe('1h5k2ac')
    })

  test('a stored position holding one is a gap, and the stream reads on from what the listing has', async () => {
    const { state, readOnce } = listings()
    state.posts = [post('1h5k2ab', 'Which CRM?'), post('1h5k2aa', 'Before')]
    const got = await readOnce(JSON.stringify({ p: 'zzzzzzzzz', c: null }))
    expect(got.gaps).toEqual([expect.stringContaining('stored reddit position')])
    expect(JSON.parse(got.last).p).toBe('1h5k2ab')
    state.posts = [post('1h5k2ac', 'Any CRM advice?'), ...state.posts]
    expect((await readOnce(got.last)).mentions.map((m) => m.id)).toEqual(['reddit:1h5k2ac'])
  })

  test('a post removed after it became the position is not taken for one: the posts after it are read', async () => {
    const { state, readOnce } = listings()
    // 1h5k2ab was read and stored, then removed: Reddit lists it no more.
    state.posts = [post('1h5k2ac', 'Any CRM advice?'), post('1h5k2aa', 'Before')]
    const got = await readOnce(JSON.stringify({ p: '1h5k2ab', c: null }))
    expect(got.mentions.map((m) => m.id)).toEqual(['reddit:1h5k2ac'])
    expect(got.gaps).toEqual([])
  })
})
