// docs/api.md#signals: every list answers with its total. A count with one of keyword, platform and intent reads that
// filter's index alone (docs/performance.md#what-storing-a-signal-costs): with `since` SQLite read every row published
// since then from the table, 0.4-0.6 s on 100,000 signals where the index took under 5 ms.
import { expect, test } from 'bun:test'
import { countQuery } from '../../../../src/storage/repos/signals/count'
import type { SignalFilter } from '../../../../src/storage/repos/signals/filter-shape'
import { seedTeam, testDeps } from '../../../support/deps'
import { signalRow, storeSignals } from '../../../support/webhooks'

const ONE_SPELLING = { keyword: 'crm', keywordSpelling: 'crm', keywordRuns: '[]' }
const SPELLINGS = {
  keyword: 'crm',
  keywordSpellings: JSON.stringify([
    ['crm', []],
    ['CRM', []],
  ]),
}

/** Every combination of the filters, with `keyword` as one spelling or several. */
function combinations(): SignalFilter[] {
  const out: SignalFilter[] = []
  for (let bits = 0; bits < 48; bits++) {
    const f: SignalFilter = bits & 32 ? { ...SPELLINGS } : bits & 1 ? { ...ONE_SPELLING } : {}
    if (bits & 32 && !(bits & 1)) continue
    if (bits & 2) f.intent = 'PAIN'
    if (bits & 4) f.platform = 'reddit'
    if (bits & 8) f.minScore = 7
    if (bits & 16) f.since = '2026-06-01T00:00:00.000Z'
    out.push(f)
  }
  return out
}

test("a count with one of keyword, platform and intent reads that filter's index, whatever else it filters on", async () => {
  const { deps } = await testDeps()
  for (const f of combinations()) {
    const q = countQuery(deps.database.db, 't', f).toSQL()
    const plan = (await deps.database.client.execute({ sql: `explain query plan ${q.sql}`, args: q.params as never }))
      .rows
    const steps = plan.map((r) => String(r.detail)).filter((d) => /^(SEARCH|SCAN) signals /.test(d))
    const equalities = (['keyword', 'platform', 'intent'] as const).filter((c) => f[c] !== undefined)
    // Two or more: a walk of the first's index with seeks into the others' (two-filters.test.ts).
    if (equalities.length !== 1) continue
    const column = equalities[0]
    expect({ f, steps }).toEqual({
      f,
      steps: [
        expect.stringMatching(
          new RegExp(`^SEARCH signals USING (COVERING )?INDEX signals_${column}_idx \\(team_id=\\? AND ${column}=\\?`),
        ),
      ],
    })
  }
})

test('the count so sought is the count of the signals the filters keep', async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const rows = Array.from({ length: 40 }, (_, i) =>
    signalRow(team.id, {
      keyword: ['crm', 'CRM', 'erp'][i % 3],
      intent: ['PAIN', 'ACTIVE'][i % 2],
      platform: ['reddit', 'twitter', 'hackernews'][i % 5 === 0 ? 2 : i % 2],
      score: i % 10,
      publishedAt: new Date(Date.UTC(2026, i % 12, 1)).toISOString(),
    }),
  )
  await storeSignals(deps, rows)
  const keeps = (f: SignalFilter, r: (typeof rows)[number]) =>
    (f.keyword === undefined || r.keyword.toLowerCase() === 'crm') &&
    (!f.intent || r.intent === f.intent) &&
    (!f.platform || r.platform === f.platform) &&
    (!f.minScore || r.score >= f.minScore) &&
    (!f.since || r.publishedAt >= f.since)
  for (const f of combinations()) {
    const counted = (await countQuery(deps.database.db, team.id, f).get())?.n
    expect({ f, counted }).toEqual({ f, counted: rows.filter((r) => keeps(f, r)).length })
  }
})
