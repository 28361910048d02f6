// docs/people.md#mute and docs/operations.md#importing-signals: a signal of a muted person is stored dismissed with no
// verdict, by a polling pass and by `signals import` alike, and a `relevant` verdict on it puts it in the signals list
// (docs/api.md#feedback). A verdict that arrives with an imported line is the same verdict: the signal ends as the
// feedback route leaves it, counted in the person's figures, whether the import stores it or the team had it.
import { expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { rateSignal } from '../../../src/domain/feedback/rate'
import { importSignals } from '../../../src/domain/signals/import'
import { bytesLines } from '../../../src/domain/signals/line-source'
import { seedTeam, testDeps } from '../../support/deps'
import { importLine } from '../../support/exports'
import { signalRow, storeSignals } from '../../support/webhooks'

const importLines = (deps: Deps, teamId: string, lines: string[]) =>
  importSignals(deps, { teamId, lines: bytesLines(Buffer.from(lines.join('\n'))), skipInvalid: false })

const states = async (deps: Deps) =>
  (
    await deps.database.client.execute(
      `select s.post_id, s.dismissed, f.verdict from signals s left join signal_feedback f on f.signal_id = s.id
        order by s.post_id`,
    )
  ).rows.map((r) => `${r.post_id} dismissed=${r.dismissed} ${r.verdict ?? 'no verdict'}`)

test("a muted author's signal judged relevant ends alike from a pass with a verdict, an import, and a duplicate", async () => {
  const { deps } = await testDeps({ now: '2026-11-15T12:00:00.000Z' })
  const { team } = await seedTeam(deps)
  const by = { author: 'vendor', platform: 'reddit' }
  await importLines(deps, team.id, [importLine(1, by)])
  const person = (await deps.database.client.execute("select id from people where author = 'vendor'")).rows[0]?.id
  await deps.repos.people.setMuted(team.id, String(person), true)

  // A pass stores two of their posts: dismissed, no verdict. The team judges the first relevant.
  const live = signalRow(team.id, { ...by, postId: 'reddit:old-2' })
  await storeSignals(deps, [live, signalRow(team.id, { ...by, postId: 'reddit:old-3' })])
  await rateSignal(deps, team.id, { id: live.id, verdict: 'relevant' })
  // An import brings a new post judged relevant, and the pass's second post with the same verdict.
  const r = await importLines(deps, team.id, [
    importLine(4, { ...by, verdict: 'relevant' }),
    importLine(3, { ...by, verdict: 'relevant' }),
    importLine(5, by),
  ])
  expect(r).toMatchObject({ applied: true, imported: 2, duplicates: 1 })

  expect(await states(deps)).toEqual([
    'reddit:old-1 dismissed=0 no verdict',
    'reddit:old-2 dismissed=0 relevant',
    'reddit:old-3 dismissed=0 relevant',
    'reddit:old-4 dismissed=0 relevant',
    'reddit:old-5 dismissed=1 no verdict',
  ])
  // Counted in the person's figures as the feedback route counts one: the first post and the three judged relevant.
  const figures = await deps.database.client.execute({
    sql: 'select signal_count from people where id = ?',
    args: [String(person)],
  })
  expect(Number(figures.rows[0]?.signal_count)).toBe(4)
})
