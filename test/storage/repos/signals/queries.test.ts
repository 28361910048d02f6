import { describe, expect, test } from 'bun:test'
import { cacheKey } from '../../../../src/storage/repos/signals/cache'
import { type FilterShape, perShape, shapeOf } from '../../../../src/storage/repos/signals/filter-shape'
import { pageQuery } from '../../../../src/storage/repos/signals/queries'
import { testDeps } from '../../../support/deps'

describe('the shape of a signals list query', () => {
  test('names each filter present, the full text and the anchor; a minimum score of 0 is no filter', () => {
    expect(shapeOf({ keyword: 'crm', minScore: 0, since: '2026-01-01T00:00:00.000Z' }, true, false)).toEqual({
      keyword: true,
      intent: false,
      platform: false,
      minScore: false,
      since: true,
      withDismissed: false,
      keywordSpellings: false,
      full: true,
      anchored: false,
    })
    expect(shapeOf({ intent: 'ACTIVE', platform: 'reddit', minScore: 5 }, false, true)).toEqual({
      keyword: false,
      intent: true,
      platform: true,
      minScore: true,
      since: false,
      withDismissed: false,
      keywordSpellings: false,
      full: false,
      anchored: true,
    })
  })

  test('one statement is built per shape, whatever the values or the order the fields were written in', () => {
    const built: FilterShape[] = []
    const of = perShape((shape) => {
      built.push(shape)
      return built.length
    })
    const a = of(shapeOf({ keyword: 'crm' }, false, false))
    expect(of(shapeOf({ keyword: 'erp' }, false, false))).toBe(a)
    expect(
      of({
        anchored: false,
        full: false,
        keywordSpellings: false,
        withDismissed: false,
        since: false,
        minScore: false,
        platform: false,
        intent: false,
        keyword: true,
      }),
    ).toBe(a)
    expect(of(shapeOf({ keyword: 'crm' }, true, false))).not.toBe(a)
    expect(of(shapeOf({ keyword: 'crm' }, false, true))).not.toBe(a)
    expect(of(shapeOf({ keyword: 'crm', withDismissed: true }, false, false))).not.toBe(a)
    expect(of(shapeOf({ keyword: 'crm', keywordSpellings: '[]' }, false, false))).not.toBe(a)
    expect(built).toHaveLength(5)
  })
})

describe('the cache key of a filter', () => {
  test('differs with the team, the version, any filter value and the page; not with how the filter was written', () => {
    const base = cacheKey('team', 3, { keyword: 'crm', minScore: 5 })
    expect(cacheKey('team', 3, { minScore: 5, keyword: 'crm' })).toBe(base)
    for (const other of [
      cacheKey('other', 3, { keyword: 'crm', minScore: 5 }),
      cacheKey('team', 4, { keyword: 'crm', minScore: 5 }),
      cacheKey('team', 3, { keyword: 'erp', minScore: 5 }),
      cacheKey('team', 3, { keyword: 'crm', minScore: 6 }),
      cacheKey('team', 3, { keyword: 'crm', minScore: 5 }, 20, 0),
      cacheKey('team', 3, { keyword: 'crm', minScore: 5, withDismissed: true }),
    ])
      expect(other).not.toBe(base)
    expect(cacheKey('team', 3, {}, 20, 40)).not.toBe(cacheKey('team', 3, {}, 2, 40))
  })
})

describe('the default list leaves dismissed signals out from the indexes alone', () => {
  // docs/api.md#feedback: the order indexes end with `dismissed`, so the default list (dismissed = 0) still walks one
  // index in list order without reading a row; a plan that reads the table would make every page slower.
  test('each filter of the default list, and its count, is a covering index search', async () => {
    const { deps } = await testDeps()
    const order = 'order by score desc, published_at desc, id desc limit 20'
    const plans = {
      signals_list_idx: `select rowid from signals where team_id = 't' and dismissed = 0 ${order}`,
      signals_intent_idx: `select rowid from signals where team_id = 't' and intent = 'ACTIVE' and dismissed = 0 ${order}`,
      signals_platform_idx: `select rowid from signals where team_id = 't' and platform = 'reddit' and dismissed = 0 ${order}`,
      signals_keyword_idx: `select rowid from signals where team_id = 't' and keyword = 'crm' collate nocase and dismissed = 0 ${order}`,
    }
    for (const [index, query] of Object.entries(plans)) {
      const plan = (await deps.database.client.execute(`explain query plan ${query}`)).rows.map((r) => r.detail)
      expect(plan).toEqual([expect.stringMatching(new RegExp(`^SEARCH signals USING COVERING INDEX ${index} `))])
    }
    const count = await deps.database.client.execute(
      "explain query plan select count(*) from signals where team_id = 't' and dismissed = 0",
    )
    // The narrowest index that has `dismissed`, as the count without it used before.
    expect(String(count.rows[0].detail)).toStartWith('SEARCH signals USING COVERING INDEX signals_published_idx')
  })

  test('a page of the default list reads its rows from signals_list_idx alone; a filtered page, from its index and the rows', async () => {
    const { deps } = await testDeps()
    const planOf = async (f: Parameters<typeof shapeOf>[0], full: boolean, anchored: boolean) => {
      const { sql, params } = pageQuery(deps.database.db, shapeOf(f, full, anchored)).getQuery()
      // A plan does not depend on the values: each placeholder is bound to 1.
      const args = params.map((v) => (typeof v === 'object' && v !== null ? 1 : v)) as never[]
      const plan = await deps.database.client.execute({ sql: `explain query plan ${sql}`, args })
      return plan.rows.map((r) => String(r.detail)).join(' | ')
    }
    const listIndex =
      /^SEARCH signals USING COVERING INDEX signals_list_idx \(team_id=\?[^|]*\) \| SEARCH signal_feedback /
    for (const anchored of [false, true]) {
      for (const f of [{}, { minScore: 7 }, { withDismissed: true }, { since: 'x' }]) {
        const plan = await planOf(f, false, anchored)
        expect({ f, plan }).toEqual({ f, plan: expect.stringMatching(listIndex) })
        // Read in the index's order: no sort.
        expect(plan).not.toContain('TEMP B-TREE')
      }
      for (const [f, full] of [
        [{}, true],
        [{ intent: 'PAIN' }, false],
        [{ keyword: 'crm' }, false],
      ] as const)
        expect(await planOf(f, full, anchored)).toContain('USING INTEGER PRIMARY KEY (rowid=?)')
      // A keyword resolved to one spelling (keyword-filter.ts) seeks it and walks the keyword index in list order.
      const keyword = await planOf({ keyword: 'crm', keywordSpelling: 'crm', keywordRuns: '[]' }, false, anchored)
      expect(keyword).toMatch(
        /LIST SUBQUERY \d+ \| SEARCH signals USING COVERING INDEX signals_keyword_idx \(team_id=\? AND keyword=\?/,
      )
      expect(keyword.split(' | ').filter((step) => step.includes('TEMP B-TREE'))).toHaveLength(1)
    }
  })
})
