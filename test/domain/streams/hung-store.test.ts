import { afterEach, describe, expect, test } from 'bun:test'
import type { StoredOutcome } from '../../../src/storage/repos/polling-types'
import { BUYING, eventually, streamWorld } from '../../support/stream-world'

// docs/streams.md#resuming: a batch whose store (or scoring) never returns stopped the stream for good; source health
// showed the lag growing, but nothing was logged and nothing started it again.
// Hacker News polled every second and a stream started again 2 s after it stopped (5 s and 10 s as served,
// docs/streams.md): the same reads and starts, sooner.
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

describe('a stream whose store never returns', () => {
  test('is logged once, shown in source health and started again from its stored position', async () => {
    const w = await streamWorld({ hnPace: { pollMs: 1000 } })
    worlds.push(w)
    const lines: { event: string; fields?: Record<string, unknown> }[] = []
    const warn = w.deps.log.warn
    w.deps.log.warn = (event, fields) => {
      lines.push({ event, fields })
      warn(event, fields)
    }
    w.deps.log.error = (event, fields) => lines.push({ event, fields })
    const repos = w.deps.repos
    const { store } = repos.polling
    // The second store of a Hacker News signal never resolves (the first one has started the scorer's workers, whose
    // start takes longer than this test's bound); every other store works.
    let signalStores = 0
    let hung = 0
    repos.polling.store = (outcome: StoredOutcome) => {
      if (outcome.stream?.platform === 'hackernews' && outcome.signals.length > 0 && ++signalStores === 2) {
        hung++
        return new Promise<never>(() => {})
      }
      return store(outcome)
    }
    const before = w.hn.story('Show HN: a weekend project')
    w.start({ stallMs: 3000, restartMs: 2000 })
    await eventually('the first position', async () => (await w.position('hackernews')) === String(before))
    const first = w.hn.story(BUYING('first'))
    // The first batch's scoring starts the rules worker, which on a loaded host (two cores, other suites beside) took
    // longer than the allowance, even 5 s: that batch was given up on as "the scoring" and read again 10 s later (2 s
    // here), and the test took that stall for the store's (failed 4 of 8 under load). Such a stall is legitimate before
    // the post whose store hangs; from then on the worker is running, and the one stall told is the store's. (The
    // scoring given up on may store the first signal as it ends, before the stream starts again 2 s after that stall.)
    await eventually('the first signal', async () => (await w.signals()).length === 1, 40_000)
    const stalls = () => lines.filter((l) => l.event === 'stream_stalled')
    const starting = stalls().length
    for (const s of stalls()) expect(s.fields).toMatchObject({ platform: 'hackernews', hung: 'the scoring' })
    const story = w.hn.story(BUYING('hung'))
    await eventually('the stall logged', () => stalls().length > starting, 30_000)
    const stalled = stalls().slice(starting)
    expect(stalled).toHaveLength(1)
    expect(stalled[0]?.fields).toMatchObject({ platform: 'hackernews', hung: 'the store' })
    expect(JSON.stringify(stalled[0])).not.toContain('/')
    expect(lines.filter((l) => l.event === 'stream_failed')).toHaveLength(0)
    const health = (await repos.platformHealth.list()).find((h) => h.platform === 'hackernews')
    expect(health?.lastError).toContain('store')
    // Said as what happens next: the health line is read during the restart's wait too.
    expect(health?.lastError).toContain('it starts again from its stored position')
    // Started again from the stored position: the post is stored and delivered once.
    const after = w.hn.story(BUYING('after'))
    await eventually('three signals', async () => (await w.signals()).length === 3, 20_000)
    expect((await w.signals()).map((s) => s.postId)).toEqual([first, story, after].map((id) => `hackernews:${id}`))
    await eventually('three deliveries', () => w.received.length === 3)
    await eventually('the position past both', async () => (await w.position('hackernews')) === String(after))
    expect(hung).toBe(1)
    await Bun.sleep(1200)
    expect(w.received.length).toBe(3)
  }, 90_000)

  test("is logged even when the whole database hangs, the lease's release included", async () => {
    const w = await streamWorld({ hnPace: { pollMs: 1000 } })
    worlds.push(w)
    const lines: string[] = []
    w.deps.log.warn = (event) => lines.push(event)
    const repos = w.deps.repos
    const { store } = repos.polling
    const { release } = repos.jobLeases
    const hung: (() => void)[] = []
    const hang = () => new Promise<never>((_resolve, reject) => hung.push(() => reject(new Error('let go'))))
    repos.polling.store = (outcome: StoredOutcome) =>
      outcome.stream?.platform === 'hackernews' && outcome.signals.length > 0 ? hang() : store(outcome)
    repos.jobLeases.release = (name, holder) => (name === 'stream:hackernews' ? hang() : release(name, holder))
    try {
      const before = w.hn.story('Show HN: a weekend project')
      w.start({ stallMs: 1000, restartMs: 2000 })
      await eventually('the first position', async () => (await w.position('hackernews')) === String(before))
      w.hn.story(BUYING('hung'))
      // The rules scorer's workers start on the first batch, within the test's bound of 1 s or not: either hangs.
      await eventually('the stall logged', () => lines.includes('stream_stalled'), 15_000)
    } finally {
      repos.polling.store = store
      repos.jobLeases.release = release
      for (const letGo of hung) letGo()
    }
  }, 30_000)
})
