// docs/api.md#source-health: failing_since holds when a source's current run of failures began. Writes come from
// concurrent searches and streams, each with the time it was made at, so one may land after a later one: the run's
// start follows the times, not the order of the writes.
import { expect, test } from 'bun:test'
import { testDeps } from '../../support/deps'

const t = (minute: number) => new Date(Date.UTC(2026, 10, 15, 12, minute)).toISOString()

test('a run starts at its first failure, a success or a stream heard ends it, an older write does not', async () => {
  const { deps } = await testDeps()
  const health = deps.repos.platformHealth
  const since = async (platform: string) => (await health.list()).find((h) => h.platform === platform)?.failingSince
  await health.recordFailure('bluesky', t(1), 'refused')
  await health.recordFailure('bluesky', t(2), 'refused')
  expect(await since('bluesky')).toBe(t(1))
  await health.recordHeard('bluesky', t(3))
  expect(await since('bluesky')).toBeNull()
  await health.recordFailure('bluesky', t(5), 'refused')
  // A search that started before that failure and answered after it: the source still failed last.
  await health.recordSuccess('bluesky', t(4))
  expect(await since('bluesky')).toBe(t(5))
  await health.recordSuccess('bluesky', t(6))
  expect(await since('bluesky')).toBeNull()
  // A failure older than the last success, written late, starts no run a later failure would keep.
  await health.recordFailure('bluesky', t(5), 'refused')
  await health.recordFailure('bluesky', t(8), 'refused')
  expect(await since('bluesky')).toBe(t(8))
  deps.database.client.close()
})
