import { afterAll, expect, test } from 'bun:test'
import { startSqld } from '../../../scripts/sqld'
import { buildDeps } from '../../../src/deps'
import { seedTeam, testConfig } from '../../support/deps'
import { silentLogger } from '../../support/log'

// docs/operations.md#a-charge-in-doubt: receipts settle units on a libSQL server; those of units answered and
// settled are not kept (only a take in doubt leaves one, as its fence).
const server = await startSqld()
afterAll(() => server.stop())

test('a unit given back, or kept, on sqld leaves no receipt behind', async () => {
  const deps = await buildDeps(
    testConfig({
      database: { url: server.url },
      plans: { metered: { api_access: true, monthly_requests: 10, platforms: ['hackernews'] } },
    }),
    { log: silentLogger },
  )
  const { team } = await seedTeam(deps, { plan: 'metered' })
  const { usage } = deps.repos
  const a = { teamId: team.id, month: team.usageMonth, limit: 10, window: 1 }
  const failed = await usage.take('quota', a)
  const kept = await usage.take('quota', a)
  if (!failed || !kept) throw new Error('no unit taken')
  await usage.giveBack(failed)
  await usage.giveBack(failed)
  await usage.keep(kept)
  const count = async () =>
    Number((await deps.database.client.execute('SELECT count(*) AS n FROM take_receipts')).rows[0].n)
  for (let i = 0; i < 20 && (await count()) > 0; i++) await Bun.sleep(50)
  expect(await count()).toBe(0)
  const row = await deps.database.client.execute({ sql: 'SELECT quota_used FROM teams WHERE id = ?', args: [team.id] })
  expect(Number(row.rows[0].quota_used)).toBe(1)
  deps.database.client.close()
})
