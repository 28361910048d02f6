// domain/feedback/rate.ts: a verdict on a signal that goes while it is recorded (docs/people.md#forget deletes a
// person's signals) is a 404, as a verdict on a signal already gone is, and stores nothing.
import { expect, test } from 'bun:test'
import { rateSignal } from '../../../src/domain/feedback/rate'
import { AppError } from '../../../src/errors'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow } from '../../support/webhooks'

test('a signal forgotten between its lookup and the verdict: 404, no verdict left behind', async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const row = signalRow(team.id)
  await deps.repos.signals.insertMany(team.id, [row])
  const found = await deps.repos.signals.byId(team.id, row.id)
  // The signal is read, then forgotten before the verdict is written: the first lookup sees it, any later one not.
  let lookups = 0
  const byId = (teamId: string, id: string) =>
    lookups++ === 0 ? Promise.resolve(found) : deps.repos.signals.byId(teamId, id)
  const signals = { ...deps.repos.signals, byId }
  await deps.database.client.execute({ sql: 'delete from signals where id = ?', args: [row.id] })
  const err = await rateSignal({ ...deps, repos: { ...deps.repos, signals } }, team.id, {
    id: row.id,
    verdict: 'relevant',
  }).catch((e) => e)
  expect(err).toBeInstanceOf(AppError)
  expect((err as AppError).kind).toBe('not_found')
  const left = await deps.database.client.execute('select count(*) as n from signal_feedback')
  expect(Number(left.rows[0].n)).toBe(0)
})
