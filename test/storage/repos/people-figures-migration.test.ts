// docs/people.md#heat: a database whose people were summed up with their dismissed signals (before 0017) gets them
// summed up again without, at its first start with this version, as a verdict given now would.
import { expect, test } from 'bun:test'
import { migrations } from '../../../drizzle/migrations'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow } from '../../support/webhooks'

test('0017 sums up again, without their dismissed signals, the figures of people who have some', async () => {
  const { deps } = await testDeps({ now: '2026-11-15T12:00:00.000Z' })
  const { team } = await seedTeam(deps)
  const client = deps.database.client
  const pitch = signalRow(team.id, {
    author: 'ann',
    score: 10,
    icpMatch: 'Agencies',
    publishedAt: '2026-11-15T10:00:00.000Z',
  })
  const ask = signalRow(team.id, { author: 'ann', score: 6, intent: 'PAIN', publishedAt: '2026-11-01T10:00:00.000Z' })
  const kept = signalRow(team.id, { author: 'bob', score: 7 })
  await deps.repos.signals.insertMany(team.id, [pitch, ask, kept])
  // As a version before this one left it: the pitch dismissed, its person's figures still counting it.
  await client.execute({ sql: 'update signals set dismissed = 1 where id = ?', args: [pitch.id] })
  const figures = () =>
    client.execute(
      'select author, signal_count, best_score, best_intent, icp_matched, first_seen, last_seen from people order by author',
    )
  const before = (await figures()).rows.map((r) => ({ ...r }))
  expect(before[0]).toMatchObject({ author: 'ann', signal_count: 2, best_score: 10 })

  const m = migrations.find((x) => x.tag === '0018_people_figures_without_dismissed')
  await client.execute(m?.sql as string)

  const after = (await figures()).rows.map((r) => ({ ...r }))
  expect(after[0]).toMatchObject({
    author: 'ann',
    signal_count: 1,
    best_score: 6,
    best_intent: 'PAIN',
    icp_matched: 0,
    first_seen: ask.publishedAt,
    last_seen: ask.publishedAt,
  })
  expect(after[1]).toEqual(before[1])
})
