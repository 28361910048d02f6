import { afterEach, describe, expect, test } from 'bun:test'
import { platformStatus } from '../../../src/domain/sources/status'
import type { manualClock } from '../../support/clock'
import { eventually, streamWorld } from '../../support/stream-world'

// docs/streams.md#source-health: a stream whose position stopped moving (a store that hangs, a scorer stuck on a batch)
// shows a growing lag. The lag was worked out only when the stream stored, so it kept its last value, 0 s, while
// "last success" kept moving: source health looked fine while nothing was stored.
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

describe('a stream that stopped storing', () => {
  test('shows its lag growing in source health while upstream still answers', async () => {
    const w = await streamWorld({ streams: ['hackernews'] })
    worlds.push(w)
    const clock = w.deps.clock as ReturnType<typeof manualClock>
    clock.set(new Date())
    const status = async () => {
      const { platforms } = await platformStatus(w.deps, { team: w.team, plan: w.deps.config.plans.scale } as never)
      return platforms.find((p) => p.platform === 'hackernews')
    }
    const start = w.hn.story('Ask HN: what do you read on Sundays?')
    w.start()
    await eventually('the first position', async () => (await w.position('hackernews')) === String(start))
    await eventually('a lag', async () => (await status())?.stream?.lagSeconds != null)
    expect((await status())?.stream?.lagSeconds).toBeLessThan(60)
    // From now on the stream's store never answers; Hacker News still does.
    const hung: (() => void)[] = []
    const repos = w.deps.repos
    const { save } = repos.streamPositions
    const { store } = repos.polling
    const hang = () => new Promise<never>((_resolve, reject) => hung.push(() => reject(new Error('let go'))))
    repos.streamPositions.save = hang
    repos.polling.store = hang
    try {
      clock.set(new Date(Date.now() + 600_000))
      const later = w.hn.story('Show HN: a weekend project')
      await eventually('a success after the clock moved', async () => {
        const s = await status()
        return (s?.lastSuccessAt ?? '') >= clock.now().toISOString().slice(0, 16)
      })
      expect(later).toBeGreaterThan(start)
      expect((await status())?.position).toBe(String(start))
      expect((await status())?.stream?.lagSeconds).toBeGreaterThanOrEqual(540)
    } finally {
      // Let go, so that the stream can stop.
      repos.streamPositions.save = save
      repos.polling.store = store
      for (const letGo of hung) letGo()
    }
  }, 30_000)
})
