import { afterEach, describe, expect, test } from 'bun:test'
import { platformStatus } from '../../../src/domain/sources/status'
import type { manualClock } from '../../support/clock'
import { BUYING, eventually, streamWorld } from '../../support/stream-world'

// The Hacker News stream against a fake of the documented Firebase API (test/support/fake-streams.ts,
// docs/streams.md#which-platforms-stream).
// Polled every second and retried after 0.25 s, doubling (5 s and 1 s as served, docs/streams.md): the same reads,
// sooner.
const PACE = { pollMs: 1000, firstRetryMs: 250 }
// One test at a time: side by side (test.concurrent), the six worlds' streams, scorers and databases shared two
// loaded cores, and each test took as long as the whole file, past its own waits (docs/performance.md#the-tests-time).
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

describe('Hacker News stream (Firebase API)', () => {
  test('stories and comments past the stored id become signals and deliveries once, across a restart', async () => {
    const w = await streamWorld({ hnPace: PACE })
    worlds.push(w)
    const before = w.hn.story(BUYING('before the first start'))
    w.start()
    // A new install starts at maxitem: what was there before is the search's, not the stream's.
    await eventually('the first position', async () => (await w.position('hackernews')) === String(before))
    const story = w.hn.story(BUYING('story'))
    w.hn.story('Show HN: a weekend project about typography')
    const comment = w.hn.comment(`<p>${BUYING('comment')}</p>`, story)
    await eventually('two signals', async () => (await w.signals()).length === 2, 15_000)
    await w.stop()
    // Written while stopped, one id not readable yet at first (Firebase answers null just after maxitem moves).
    const late = w.hn.pending()
    const after = w.hn.story(BUYING('while stopped'))
    w.start()
    await Bun.sleep(300)
    w.hn.fill(late, {
      type: 'comment',
      by: 'amy',
      time: Math.floor(Date.now() / 1000),
      text: BUYING('late'),
      parent: story,
    })
    await eventually('four signals', async () => (await w.signals()).length === 4, 20_000)
    await eventually('four deliveries', () => w.received.length === 4)
    expect((await w.signals()).map((s) => s.postId).sort()).toEqual(
      [story, comment, late, after].map((id) => `hackernews:${id}`).sort(),
    )
    expect(await w.position('hackernews')).toBe(String(after))
    await Bun.sleep(1200)
    expect(w.received.length).toBe(4)
  })

  test('a stream that cannot read upstream shows it in source health, and its recovery too', async () => {
    const w = await streamWorld({ hnPace: PACE })
    worlds.push(w)
    const health = async () => (await w.deps.repos.platformHealth.list()).find((h) => h.platform === 'hackernews')
    w.hn.setDown(true)
    w.start()
    await eventually('a failure in source health', async () => (await health())?.lastFailureAt != null)
    expect((await health())?.lastError).toBe('hackernews answered with status 503')
    expect((await health())?.lastSuccessAt).toBeNull()
    // The world's clock stands still unless moved: the recovery is a minute later.
    ;(w.deps.clock as ReturnType<typeof manualClock>).set(new Date(w.deps.clock.now().getTime() + 60_000))
    w.hn.setDown(false)
    await eventually('a success after it', async () => {
      const h = await health()
      return h?.lastSuccessAt != null && h.lastSuccessAt > (h.lastFailureAt as string)
    })
  })
})

describe('Hacker News stream: an item that keeps failing', () => {
  test('is asked again after a growing wait, not every second', async () => {
    const w = await streamWorld({ hnPace: PACE })
    worlds.push(w)
    const start = w.hn.story('Ask HN: where do you keep your notes?')
    w.start()
    await eventually('the first position', async () => (await w.position('hackernews')) === String(start))
    // maxitem answers, the item after the position answers 500 every time (docs/streams.md#outages: a growing wait).
    const bad = w.hn.broken()
    await eventually('the first failed read', () => w.hn.itemRequests(bad) >= 1, 15_000)
    await Bun.sleep(1750)
    // Waits of 0.125-0.25, 0.25-0.5 and 0.5-1 s after the first failure: at most four more reads in 1.75 s (as at most
    // four in 7 s as served; read every poll, it read 8-14 times).
    expect(w.hn.itemRequests(bad)).toBeLessThanOrEqual(5)
  }, 30_000)

  test('is passed over after a few tries while later items read, and source health says which', async () => {
    const w = await streamWorld({ hnPace: PACE })
    worlds.push(w)
    const start = w.hn.story('Ask HN: which editor do you use?')
    w.start()
    await eventually('the first position', async () => (await w.position('hackernews')) === String(start))
    // Item `bad` answers 500 for good while the story after it reads: it used to hold every later item back for ever.
    const bad = w.hn.broken()
    const after = w.hn.story(BUYING('after the broken item'))
    await eventually('the story after it as a signal', async () => (await w.signals()).length === 1, 20_000)
    expect((await w.signals())[0]?.postId).toBe(`hackernews:${after}`)
    expect(w.hn.itemRequests(bad)).toBeLessThanOrEqual(5)
    const gap = (await w.deps.repos.streamPositions.get('hackernews'))?.gap
    expect(gap).toContain(`item ${bad}`)
    expect(gap).toContain('status 500')
  }, 30_000)

  test('is not passed over while no item after it reads (an outage of items, not one bad item)', async () => {
    const w = await streamWorld({ hnPace: PACE })
    worlds.push(w)
    const start = w.hn.story('Ask HN: which keyboard do you use?')
    w.start()
    await eventually('the first position', async () => (await w.position('hackernews')) === String(start))
    const first = w.hn.broken()
    w.hn.broken()
    await eventually('a few reads of it', () => w.hn.itemRequests(first) >= 4, 20_000)
    await Bun.sleep(500)
    expect(await w.position('hackernews')).toBe(String(start))
    expect((await w.deps.repos.streamPositions.get('hackernews'))?.gap ?? null).toBeNull()
  }, 30_000)
})

describe('Hacker News stream: lag during an outage', () => {
  test('source health shows the stream falling behind while upstream cannot be read, not 0 s', async () => {
    const w = await streamWorld({ hnPace: PACE })
    worlds.push(w)
    const clock = w.deps.clock as ReturnType<typeof manualClock>
    clock.set(new Date())
    const lag = async () => {
      const { platforms } = await platformStatus(w.deps, { team: w.team, plan: w.deps.config.plans.scale } as never)
      return platforms.find((p) => p.platform === 'hackernews')?.stream?.lagSeconds
    }
    const start = w.hn.story('Ask HN: what do you read on Sundays?')
    w.start()
    await eventually('the first position', async () => (await w.position('hackernews')) === String(start))
    w.hn.story(BUYING('story'))
    await eventually('the signal', async () => (await w.signals()).length === 1, 15_000)
    expect(await lag()).toBeLessThan(60)
    // Ten minutes of 503s: the stored position is ten minutes old, and nothing says upstream has nothing newer.
    w.hn.setDown(true)
    clock.set(new Date(Date.now() + 600_000))
    await eventually('the lag to show the outage', async () => ((await lag()) ?? 0) >= 540, 20_000)
  }, 30_000)
})
