// docs/performance.md#two-filters-at-once: a list, its anchors and its total with two or three of keyword, platform and
// intent walked every signal of the team in signals_list_idx, or with `since` read every row published since then
// from the table: 0.3-1.9 s a count and up to 0.6 s a page on 200,000 signals, where the rare pairs match a few
// dozen. Now they walk the first filter's own index (keyword, else platform) and seek each other filter in its own.
import { expect, test } from 'bun:test'
import { countQuery } from '../../../../src/storage/repos/signals/count'
import { type SignalFilter, shapeOf } from '../../../../src/storage/repos/signals/filter-shape'
import { anchorQuery, pageQuery } from '../../../../src/storage/repos/signals/queries'
import { createSignalsRepo } from '../../../../src/storage/repos/signals'
import { seedTeam, testDeps } from '../../../support/deps'
import { signalRow, storeSignals } from '../../../support/webhooks'

const KEYWORD = { keyword: 'crm', keywordSpelling: 'crm', keywordRuns: '[]' }
const EQUALITIES = ['keyword', 'platform', 'intent'] as const

/** Every filter with two or three of keyword, platform and intent, with and without a minimum score and `since`. */
function pairs(): SignalFilter[] {
  const out: SignalFilter[] = []
  for (let bits = 0; bits < 32; bits++) {
    const f: SignalFilter = bits & 1 ? { ...KEYWORD } : {}
    if (bits & 2) f.platform = 'reddit'
    if (bits & 4) f.intent = 'PAIN'
    if (bits & 8) f.minScore = 7
    if (bits & 16) f.since = '2026-06-01T00:00:00.000Z'
    if (EQUALITIES.filter((c) => f[c] !== undefined).length >= 2) out.push(f)
  }
  return out
}

/** The steps of a plan that read signals: the lead's index, then a seek into each other filter's, by name. */
function expectedSteps(f: SignalFilter) {
  const [lead, ...others] = EQUALITIES.filter((c) => f[c] !== undefined)
  return [
    expect.stringMatching(
      new RegExp(`^SEARCH signals USING COVERING INDEX signals_${lead}_idx \\(team_id=\\? AND ${lead}=\\?`),
    ),
    ...others
      .sort()
      .map((c) =>
        expect.stringMatching(
          new RegExp(
            `^SEARCH seek USING COVERING INDEX signals_${c}_idx \\(team_id=\\? AND ${c}=\\? AND score=\\? AND published_at=\\? AND id=\\?\\)$`,
          ),
        ),
      ),
  ]
}

test('a count, a page and an anchor with two filters or three read their indexes alone, never a row or the whole team', async () => {
  const { deps } = await testDeps()
  const stepsOf = async (q: { sql: string; params: unknown[] }) => {
    // A plan does not depend on the values: each placeholder is bound to 1.
    const args = q.params.map((v) => (typeof v === 'object' && v !== null ? 1 : v)) as never[]
    const plan = await deps.database.client.execute({ sql: `explain query plan ${q.sql}`, args })
    // The page's outer query reads its 20 rows by rowid, and their verdicts: not a walk.
    const [walk, ...seeks] = plan.rows
      .map((r) => String(r.detail))
      .filter((d) => /^(SEARCH|SCAN) (signals|seek) /.test(d) && !d.includes('(rowid=?)'))
    return [walk, ...seeks.sort()]
  }
  for (const f of pairs()) {
    const count = countQuery(deps.database.db, 't', f).toSQL()
    expect({ f, steps: await stepsOf({ sql: count.sql, params: count.params }) }).toEqual({
      f,
      steps: expectedSteps(f),
    })
    for (const anchored of [false, true]) {
      const page = pageQuery(deps.database.db, shapeOf(f, false, anchored)).getQuery()
      const anchor = anchorQuery(deps.database.db, shapeOf(f, false, anchored)).getQuery()
      for (const q of [page, anchor])
        expect({ f, anchored, steps: await stepsOf(q) }).toEqual({ f, anchored, steps: expectedSteps(f) })
    }
  }
})

test('their totals and pages, at any offset past the anchors, are the signals the filters keep, in list order', async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const rows = Array.from({ length: 90 }, (_, i) =>
    signalRow(team.id, {
      keyword: ['crm', 'erp', 'crm'][i % 3],
      intent: ['PAIN', 'ACTIVE'][i % 2],
      platform: ['reddit', 'twitter', 'hackernews', 'reddit'][i % 4],
      score: (i * 7) % 11,
      publishedAt: new Date(Date.UTC(2026, i % 12, 1 + (i % 5))).toISOString(),
      postId: `p${i}`,
    }),
  )
  await storeSignals(deps, rows)
  const repo = createSignalsRepo(deps.database.db, { anchorEvery: 4 })
  const keeps = (f: SignalFilter, r: (typeof rows)[number]) =>
    (f.keyword === undefined || r.keyword === 'crm') &&
    (!f.intent || r.intent === f.intent) &&
    (!f.platform || r.platform === f.platform) &&
    (!f.minScore || r.score >= f.minScore) &&
    (!f.since || r.publishedAt >= f.since)
  const order = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    b.score - a.score || b.publishedAt.localeCompare(a.publishedAt) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)
  for (const f of pairs()) {
    const kept = rows.filter((r) => keeps(f, r)).sort(order)
    expect({ f, total: await repo.count(team.id, { ...f, keyword: f.keyword && 'crm' }) }).toEqual({
      f,
      total: kept.length,
    })
    for (const offset of [0, 3, 9]) {
      const page = await repo.uncachedPage(
        team.id,
        { ...f, keyword: f.keyword && 'crm' },
        { limit: 3, offset, full: false },
      )
      expect({ f, offset, ids: page.map((r) => r.id) }).toEqual({
        f,
        offset,
        ids: kept.slice(offset, offset + 3).map((r) => r.id),
      })
    }
  }
})

test("a keyword every signal of the team has is no filter; one whose operators' case differs among them still is", async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const repo = deps.repos.signals
  const spelt = (keywords: string[]) =>
    keywords.map((keyword, i) =>
      signalRow(team.id, { keyword, platform: ['reddit', 'twitter'][i % 2], postId: `${keyword}-${i}` }),
    )
  await storeSignals(deps, spelt(['crm', 'CRM', 'crm', 'Crm', 'crm']))
  expect(await repo.count(team.id, { keyword: 'CRM', platform: 'reddit' })).toBe(3)
  expect(
    (await repo.uncachedPage(team.id, { keyword: 'crm', platform: 'twitter' }, { limit: 5, offset: 0, full: false }))
      .length,
  ).toBe(2)
  expect(await repo.count(team.id, { keyword: 'erp', platform: 'reddit' })).toBe(0)
  const { team: other } = await seedTeam(deps, { name: 'other' })
  const rows = ['crm NOT hubspot', 'crm not hubspot', 'crm NOT hubspot'].map((keyword, i) =>
    signalRow(other.id, { keyword, platform: 'reddit', postId: `o${i}` }),
  )
  await storeSignals(deps, rows)
  expect(await repo.count(other.id, { keyword: 'crm NOT hubspot', platform: 'reddit' })).toBe(2)
  expect(await repo.count(other.id, { keyword: 'crm not hubspot', platform: 'reddit' })).toBe(1)
})
