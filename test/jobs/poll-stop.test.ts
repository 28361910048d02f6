import { afterEach, expect, test } from 'bun:test'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { SearchStopped } from '../../src/domain/search/shared-search'
import { runPollPass } from '../../src/jobs/poll-pass'
import { fakePlatforms } from '../support/fake-platforms'
import { seedTeam, testDeps } from '../support/deps'

const running: { stop(): unknown }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const POST = { id: '1', author: 'ann', text: 'Which CRM would you recommend?', at: '2026-11-15T10:00:00Z' }

async function slowWorld() {
  const world = fakePlatforms()
  running.push(world)
  const { deps } = await testDeps({
    config: {
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews'] } },
      platforms: { hackernews: { ...world.platformsConfig.hackernews, timeout_ms: 30_000 } },
    },
  })
  const { team } = await seedTeam(deps, { name: 'acme', plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  world.add('hackernews', 'crm', POST)
  // Each answer takes 5 s: a platform that is slow to answer, as at SIGTERM or Ctrl-C during `poll --once`.
  world.slow(5000)
  return { deps, world }
}

// docs/operations.md#shutdown: a pass stops at its next safe point; a search in flight is one.
test('a pass stopped while a search is in flight ends at once, without calling the platform failed', async () => {
  const { deps, world } = await slowWorld()
  const stop = new AbortController()
  const pass = runPollPass(deps, { signal: stop.signal })
  while (world.searches.length === 0) await Bun.sleep(5)
  const stoppedAt = performance.now()
  stop.abort()
  const summary = await pass
  expect(performance.now() - stoppedAt).toBeLessThan(1000)
  expect(summary).toMatchObject({ outcome: 'stopped', totals: { failed: 0 } })
  const health = (await deps.repos.platformHealth.list()).find((h) => h.platform === 'hackernews')
  expect(health?.lastError ?? null).toBeNull()
})

test('a live search sharing the stopped pass’s upstream call still gets its answer', async () => {
  const { deps, world } = await slowWorld()
  const stop = new AbortController()
  const pass = runPollPass(deps, { signal: stop.signal })
  while (world.searches.length === 0) await Bun.sleep(5)
  const live = deps.searches.search('hackernews', 'crm', deps.config.polling.limit)
  stop.abort()
  expect((await pass).outcome).toBe('stopped')
  expect((await live).map((m) => m.id)).toEqual(['hackernews:1'])
  expect(world.searches.length).toBe(1)
})

test('a live search asked for just as the pass stopped gets an upstream call of its own, not the stopped one', async () => {
  const { deps, world } = await slowWorld()
  world.slow(300)
  const stop = new AbortController()
  const pass = runPollPass(deps, { signal: stop.signal })
  while (world.searches.length === 0) await Bun.sleep(5)
  stop.abort()
  // In the same turn of the event loop: the pass's upstream call is being cut off, not yet ended.
  const live = deps.searches.search('hackernews', 'crm', deps.config.polling.limit)
  expect((await pass).outcome).toBe('stopped')
  expect((await live).map((m) => m.id)).toEqual(['hackernews:1'])
})

test('a search asked for with a signal already aborted is stopped at once, and leaves nothing unhandled', async () => {
  const { deps, world } = await slowWorld()
  world.slow(0)
  const stopped = AbortSignal.abort()
  await expect(deps.searches.search('hackernews', 'crm', 10, undefined, stopped)).rejects.toBeInstanceOf(SearchStopped)
  await Bun.sleep(100)
})
