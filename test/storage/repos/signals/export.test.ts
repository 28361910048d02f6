import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exportStatement } from '../../../../src/storage/repos/signals/export'
import { resolvedKeyword, type Statement, signalSpellings } from '../../../../src/storage/repos/signals/keyword-filter'
import { seedTeam, testDeps } from '../../../support/deps'
import { hostileSignals } from '../../../support/exports'

describe('export pages (docs/api.md#export)', () => {
  test('every filter seeks the (team) index to the cursor and walks on in rowid order, with no sort', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    await deps.repos.signals.insertMany(team.id, hostileSignals(team.id))
    const filters = [
      {},
      { intent: 'ACTIVE' },
      { platform: 'reddit' },
      { keyword: 'CRM' },
      { minScore: 7, since: '2026-10-01T00:00:00.000Z' },
      { intent: 'ACTIVE', keyword: 'crm', platform: 'reddit', minScore: 6 },
    ]
    const run = async (q: Statement) => (await deps.database.client.execute(q)).rows
    const spellings = await signalSpellings(run, team.id)
    for (const filter of filters) {
      // A keyword resolved as an export resolves it (keyword-filter.ts), whose runs are checked on each row.
      const resolved = resolvedKeyword(filter, spellings)
      const query = exportStatement({ teamId: team.id, filter: resolved, after: { rowid: 3 }, limit: 1000 })
      const plan = (
        await deps.database.client.execute({ sql: `explain query plan ${query.sql}`, args: query.args })
      ).rows
        .map((r) => String(r.detail))
        .filter((step) => !/^(CORRELATED SCALAR SUBQUERY \d+|SCAN kr VIRTUAL TABLE INDEX \d+:)$/.test(step))
      expect(plan).toEqual([
        'SEARCH signals USING INDEX signals_team_idx (team_id=? AND rowid>?)',
        // Each row's verdict (docs/operations.md#exporting-signals): one lookup by the signal's id.
        'SEARCH f USING INDEX sqlite_autoindex_signal_feedback_1 (signal_id=?) LEFT-JOIN',
      ])
    }
  })

  test('pages from a cursor neither skip nor repeat a row, and keep to the team', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const other = await seedTeam(deps, { name: 'other' })
    const rows = hostileSignals(team.id)
    // Another team's rows stored in between: the walk skips them.
    for (const [i, row] of rows.entries()) {
      await deps.repos.signals.insertMany(team.id, [row])
      await deps.repos.signals.insertMany(other.team.id, [{ ...row, id: `sig_o${i}`, teamId: other.team.id }])
    }
    for (const filter of [{}, { platform: 'reddit' }]) {
      const seen: string[] = []
      let after: { rowid: number } | undefined
      const reader = deps.repos.signalExports.open(team.id, filter)
      for (;;) {
        const page = await reader.page(after, 3)
        if (page.length === 0) break
        seen.push(...page.map((r) => r.postId))
        after = page[page.length - 1]
      }
      reader.close()
      const want = rows.filter((r) => !('platform' in filter) || r.platform === filter.platform)
      expect(seen).toEqual(want.map((r) => r.postId))
    }
  })

  test('on a database file, an export reads through a connection of its own, until it is closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-reader-'))
    try {
      const { deps } = await testDeps({ config: { database: { url: `file:${join(dir, 'signals.db')}` } } })
      const { team } = await seedTeam(deps)
      await deps.repos.signals.insertMany(team.id, hostileSignals(team.id))
      expect(deps.database.openReader).toBeDefined()
      const reader = deps.repos.signalExports.open(team.id, {})
      // A signal stored after the reader was opened is read too: each page reads the latest commit.
      const late = { ...hostileSignals(team.id)[0], id: 'sig_late', postId: 'late' }
      await deps.repos.signals.insertMany(team.id, [late])
      const rows = await reader.page(undefined, 100)
      expect(rows.map((r) => r.postId)).toEqual([...hostileSignals(team.id).map((s) => s.postId), 'late'])
      expect(rows[0]).toMatchObject({
        platform: 'hackernews',
        score: 6,
        icpMatch: null,
        contentFull: expect.any(String),
      })
      reader.close()
      // Closed, it fails as an error (the engine would abort the process on a closed connection).
      await expect(reader.page(undefined, 100)).rejects.toThrow('closed')
      deps.database.client.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
