// docs/operations.md#importing-signals: an imported verdict is stored as feedback stores it, under the key of the
// keyword the team's signal was found with (docs/scoring.md#tuning-by-verdicts). It was keyed by the keyword written
// on the verdict's line, so when the signal was already stored (a duplicate) under another spelling of its keyword,
// the verdict counted for a keyword the team does not track, and its own keyword's tuning never saw it.
import { describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { rateSignal } from '../../../src/domain/feedback/rate'
import { importSignals } from '../../../src/domain/signals/import'
import { bytesLines } from '../../../src/domain/signals/line-source'
import { seedTeam, testDeps } from '../../support/deps'
import { importLine } from '../../support/exports'

const line = (n: number, patch: Record<string, unknown> = {}) => importLine(n, { keyword: 'crm OR erp', ...patch })

const importLines = (deps: Deps, teamId: string, lines: string[]) =>
  importSignals(deps, { teamId, lines: bytesLines(Buffer.from(lines.join('\n'))), skipInvalid: false })

const keys = async (deps: Deps) =>
  (
    await deps.database.client.execute(
      'select s.post_id, f.keyword_lc from signal_feedback f join signals s on s.id = f.signal_id order by s.post_id',
    )
  ).rows.map((r) => [r.post_id, r.keyword_lc])

describe('an imported verdict is keyed by the keyword of the signal it judges', () => {
  test('a signal the team had under another spelling: the key of the stored keyword, as feedback gives it', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    await importLines(deps, team.id, [line(1), line(2), line(3)])
    // The same posts again, their keyword written otherwise: `or` in lower case is a word, not the operator.
    const r = await importLines(deps, team.id, [
      line(1, { keyword: 'crm or erp', verdict: 'not_relevant' }),
      line(2, { keyword: 'hubspot', verdict: 'relevant' }),
    ])
    expect(r).toMatchObject({ applied: true, imported: 0, duplicates: 2 })
    // What the feedback route keeps for a verdict given here on the third.
    const [third] = (await deps.database.client.execute("select id from signals where post_id = 'reddit:old-3'")).rows
    await rateSignal(deps, team.id, { id: String(third.id), verdict: 'relevant' })
    expect(await keys(deps)).toEqual([
      ['reddit:old-1', 'crm OR erp'],
      ['reddit:old-2', 'crm OR erp'],
      ['reddit:old-3', 'crm OR erp'],
    ])
  })

  test('a post twice in one file: the key of the line stored, not of the one that carries the verdict', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const r = await importLines(deps, team.id, [
      line(1, { keyword: 'CRM  OR erp' }),
      line(1, { keyword: 'crm or erp', verdict: 'relevant' }),
    ])
    expect(r).toMatchObject({ applied: true, imported: 1, duplicates: 1 })
    expect(await keys(deps)).toEqual([['reddit:old-1', 'crm OR erp']])
  })
})
