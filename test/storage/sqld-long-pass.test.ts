// A polling pass longer than a libSQL server's own time limits, against a real sqld: it drops a stream (an open
// transaction with it) after about 10 s idle and gives up a held write lock after 5 s. Every write of a pass is one
// statement or one batch, so a pass that waits 11 s on a slow platform between its writes still completes.
import { afterAll, expect, test } from 'bun:test'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { startSqld } from '../../scripts/sqld'
import { seedTeam, testDeps } from '../support/deps'
import { fakePlatforms } from '../support/fake-platforms'

const world = fakePlatforms()
const server = await startSqld()
afterAll(async () => {
  world.stop()
  await server.stop()
})

test('a pass that waits 11 s on a platform between its writes completes on a real sqld, with its signals', async () => {
  const { deps } = await testDeps({
    config: {
      database: { url: server.url },
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews'] } },
      platforms: { hackernews: { ...world.platformsConfig.hackernews, timeout_ms: 20_000 } },
    },
  })
  const { team } = await seedTeam(deps, { plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  world.add('hackernews', 'crm', {
    id: '1',
    author: 'ann',
    text: 'We are looking for a CRM to replace our spreadsheets, can anyone recommend one? Budget approved.',
    at: '2026-11-15T10:00:00.000Z',
  })
  world.slow(11_000)

  const started = performance.now()
  const summary = await runPollPass(deps)

  expect(performance.now() - started).toBeGreaterThan(11_000)
  expect(summary.outcome).toBe('completed')
  expect(summary.platforms.hackernews).toMatchObject({ searches: 1, new: 1, qualified: 1, failed: 0 })
  const stored = await deps.database.client.execute('select post_id from signals')
  expect(stored.rows.map((r) => r.post_id)).toEqual(['hackernews:1'])
  // The lease was released at the end, so the next pass may run.
  expect((await deps.database.client.execute('select count(*) as n from job_leases')).rows[0].n).toBe(0)
  deps.database.client.close()
}, 60_000)
