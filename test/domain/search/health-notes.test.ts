import { expect, test } from 'bun:test'
import { healthNotes } from '../../../src/domain/search/health-notes'
import { testDeps } from '../../support/deps'

test("a platform's success is written once a second; a failure, and the success after it, at once", async () => {
  const { deps, clock } = await testDeps({ now: '2026-11-15T12:00:00.100Z' })
  const notes = healthNotes(deps.repos.platformHealth, clock)
  const row = async () => {
    const [h] = (await deps.repos.platformHealth.list()).filter((r) => r.platform === 'hackernews')
    return { lastSuccessAt: h?.lastSuccessAt, lastFailureAt: h?.lastFailureAt, warning: h?.warning }
  }

  await notes.success('hackernews', null)
  clock.set('2026-11-15T12:00:00.900Z')
  await notes.success('hackernews', null)
  expect(await row()).toMatchObject({ lastSuccessAt: '2026-11-15T12:00:00.100Z' })

  clock.set('2026-11-15T12:00:01.000Z')
  await notes.success('hackernews', null)
  expect(await row()).toMatchObject({ lastSuccessAt: '2026-11-15T12:00:01.000Z' })

  clock.set('2026-11-15T12:00:01.200Z')
  await notes.failure('hackernews', clock.now().toISOString(), 'hackernews answered with status 503')
  clock.set('2026-11-15T12:00:01.300Z')
  await notes.success('hackernews', null)
  expect(await row()).toMatchObject({
    lastSuccessAt: '2026-11-15T12:00:01.300Z',
    lastFailureAt: '2026-11-15T12:00:01.200Z',
  })

  // A new warning from the connector is written within the same second.
  clock.set('2026-11-15T12:00:01.400Z')
  await notes.success('hackernews', 'search is limited to the last 7 days')
  expect(await row()).toMatchObject({
    lastSuccessAt: '2026-11-15T12:00:01.400Z',
    warning: 'search is limited to the last 7 days',
  })
  // Each platform on its own.
  await notes.success('reddit', null)
  expect((await deps.repos.platformHealth.list()).map((r) => r.platform).sort()).toEqual(['hackernews', 'reddit'])
})
