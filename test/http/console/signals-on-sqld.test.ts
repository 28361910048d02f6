// The console's Signals list on a libSQL server (docs/operations.md#several-executables-on-sqld): its authors' profile
// addresses (storage/repos/people-profiles.ts) are read with SQL that sqld's parser takes, not only the embedded
// engine's. A `HAVING` without `GROUP BY` made every list with a signal of a person a 500 there.
import { afterAll, expect, test } from 'bun:test'
import { startSqld } from '../../../scripts/sqld'
import { crmSignals } from '../../support/crm-signals'
import { undoWorld } from '../../support/undo-world'

const sqld = await startSqld()
afterAll(() => sqld.stop())

test("the Signals page's list answers on sqld, with the profile address kept for an author", async () => {
  const { deps, team, consoleCall } = await undoWorld({ database: { url: sqld.url } })
  await deps.database.client.execute({
    sql: "update people set profile_url = 'https://www.reddit.com/user/author0' where team_id = ? and author = 'author0'",
    args: [team.id],
  })
  const listed = await consoleCall('GET', '/signals?limit=100')
  expect(listed.status).toBe(200)
  const signals = listed.body.signals as { id: string; profileUrl: string | null }[]
  expect(signals.map((s) => s.id)).toEqual(crmSignals(team.id, 3).map((s) => s.id))
  expect(signals.find((s) => s.id === 'sig_000')?.profileUrl).toBe('https://www.reddit.com/user/author0')
  expect(signals.find((s) => s.id === 'sig_001')?.profileUrl ?? null).toBeNull()
})
