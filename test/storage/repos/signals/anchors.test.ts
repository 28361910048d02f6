import { describe, expect, test } from 'bun:test'
import { createSignalsRepo, type NewSignal, type SignalFilter } from '../../../../src/storage/repos/signals'
import { shapeOf } from '../../../../src/storage/repos/signals/filter-shape'
import { pageQuery } from '../../../../src/storage/repos/signals/queries'
import { resolvedKeyword, type Statement, signalSpellings } from '../../../../src/storage/repos/signals/keyword-filter'
import { signalFeedback } from '../../../../src/storage/tables/signal-feedback'
import { seedTeam, testDeps } from '../../../support/deps'

// Keyset anchors (signals repo): with anchors every 7 rows, ~100 rows span a dozen blocks, so every offset below,
// at, just past and far past each anchor is checked against the plain sorted list.
const EVERY = 7
const INTENTS = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION']
const PLATFORMS = ['reddit', 'hackernews', 'twitter', 'linkedin']
const KEYWORDS = ['CRM', 'crm', 'Helpdesk', 'churn']

/** `n` signals with many ties on score and on (score, publishedAt), and ids of varying length and case. */
function makeSignals(teamId: string, n: number, tag = ''): NewSignal[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `sig_${tag}${i % 3 === 0 ? 'Z' : 'a'}${i}`,
    teamId,
    platform: PLATFORMS[i % 4],
    postId: `p${tag}${i}`,
    author: `author${i}`,
    intent: INTENTS[(i * 3) % 5],
    score: [0, 2.5, 5, 7.5, 10, 7][(i * 7) % 6],
    reason: `reason ${i}`,
    icpMatch: null,
    preview: `post ${i}`,
    contentFull: i % 4 ? `full ${i}` : null,
    url: `https://example.com/${tag}${i}`,
    keyword: KEYWORDS[i % 4],
    publishedAt: new Date(Date.UTC(2026, 9, 1 + (i % 4))).toISOString(),
    detectedAt: '2026-11-01T00:00:00.000Z',
  }))
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const sorted = (rows: NewSignal[]) =>
  [...rows].sort((a, b) => b.score - a.score || cmp(b.publishedAt, a.publishedAt) || cmp(b.id, a.id))

const FILTERS: [SignalFilter, (s: NewSignal) => boolean][] = [
  [{}, () => true],
  [{ intent: 'PAIN' }, (s) => s.intent === 'PAIN'],
  [{ platform: 'reddit' }, (s) => s.platform === 'reddit'],
  [{ keyword: 'cRm' }, (s) => s.keyword.toLowerCase() === 'crm'],
  [{ minScore: 5 }, (s) => s.score >= 5],
  [{ since: '2026-10-02T00:00:00.000Z' }, (s) => s.publishedAt >= '2026-10-02T00:00:00.000Z'],
  [
    { keyword: 'crm', minScore: 1, since: '2026-10-02T00:00:00.000Z' },
    (s) => s.keyword.toLowerCase() === 'crm' && s.score >= 1 && s.publishedAt >= '2026-10-02T00:00:00.000Z',
  ],
]

async function setup(n = 100) {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const repo = createSignalsRepo(deps.database.db, { anchorEvery: EVERY })
  const rows = makeSignals(team.id, n)
  await repo.insertMany(team.id, rows)
  return { repo, team, rows, db: deps.database.db }
}

type Repo = ReturnType<typeof createSignalsRepo>
const pageIds = async (repo: Repo, teamId: string, f: SignalFilter, limit: number, offset: number, full = false) =>
  (await repo.page(teamId, f, { limit, offset, full })).map((r) => r.id)

describe('signals repo: keyset anchors for deep offsets', () => {
  test('every page of every size at every offset is the slice of the sorted list, for every filter', async () => {
    const { repo, team, rows } = await setup()
    for (const [f, keep] of FILTERS) {
      const all = sorted(rows.filter(keep)).map((s) => s.id)
      expect(all.length).toBeGreaterThan(2 * EVERY)
      for (const limit of [1, 2, 6, 7, 8, 20, 100]) {
        for (let offset = 0; offset <= all.length + 2 * EVERY; offset++) {
          const got = await pageIds(repo, team.id, f, limit, offset)
          expect({ f, limit, offset, got }).toEqual({ f, limit, offset, got: all.slice(offset, offset + limit) })
        }
      }
    }
  })

  test('a cold deep page (anchors computed on the way) equals the slice, as does full mode', async () => {
    const { repo, team, rows, db } = await setup()
    const all = sorted(rows).map((s) => s.id)
    // A fresh repo knows no anchors, so each offset computes them from scratch.
    for (const offset of [99, 70, 49, 14, 13, 7]) {
      const cold = createSignalsRepo(db, { anchorEvery: EVERY })
      expect(await pageIds(cold, team.id, {}, 5, offset, true)).toEqual(all.slice(offset, offset + 5))
    }
    const full = await repo.page(team.id, {}, { limit: 3, offset: 50, full: true })
    const byId = new Map(rows.map((s) => [s.id, s]))
    expect(full.map((r) => r.contentFull)).toEqual(all.slice(50, 53).map((id) => byId.get(id)?.contentFull ?? null))
  })

  test('offsets past the end return nothing, before and after the anchors are all known', async () => {
    const { repo, team, rows } = await setup()
    const total = await repo.count(team.id, {})
    expect(total).toBe(rows.length)
    for (const offset of [100, 105, 1000, 100_000]) expect(await pageIds(repo, team.id, {}, 20, offset)).toEqual([])
    // A multiple of the anchor distance right at the end (98 = 14 * 7) and just before it.
    const all = sorted(rows).map((s) => s.id)
    expect(await pageIds(repo, team.id, {}, 20, 98)).toEqual(all.slice(98))
    expect(await pageIds(repo, team.id, {}, 20, 97)).toEqual(all.slice(97))
    for (const offset of [100, 1000]) expect(await pageIds(repo, team.id, {}, 20, offset)).toEqual([])
  })

  test('new signals bump the version: deep pages, and offsets that were past the end, reflect them', async () => {
    const { repo, team, rows } = await setup()
    const filters: SignalFilter[] = [{}, { intent: 'PAIN' }, { keyword: 'crm' }]
    for (const f of filters) for (const offset of [20, 60, 100, 130]) await pageIds(repo, team.id, f, 10, offset)
    // Rows at the top shift every anchor; rows at the bottom extend the list past its old end.
    const extra = makeSignals(team.id, 40, 'new').map((s, i) => ({ ...s, score: i % 2 ? 10 : 0 }))
    await repo.insertMany(team.id, extra)
    const now = [...rows, ...extra]
    for (const [f, keep] of FILTERS.filter(([f]) => filters.some((g) => JSON.stringify(g) === JSON.stringify(f)))) {
      const all = sorted(now.filter(keep)).map((s) => s.id)
      for (const offset of [20, 60, 100, 130]) {
        expect({ f, offset, got: await pageIds(repo, team.id, f, 10, offset) }).toEqual({
          f,
          offset,
          got: all.slice(offset, offset + 10),
        })
      }
    }
  })

  test('anchors are stored only under the version they were computed at', async () => {
    const { repo, team, rows } = await setup()
    const extra = makeSignals(team.id, 30, 'late').map((s) => ({ ...s, score: 10 }))
    await repo.insertMany(team.id, extra)
    // The team's version is now 2; a caller still holding 1 gets the current data, and the anchors computed for it
    // are not kept under version 1...
    const now = sorted([...rows, ...extra]).map((s) => s.id)
    expect(
      await repo.page(team.id, {}, { limit: 10, offset: 60, full: false, version: 1 }).then((r) => r.map((x) => x.id)),
    ).toEqual(now.slice(60, 70))
    // ...so after more signals arrive, a caller with version 1 again does not get a page cut at the old anchors.
    const more = makeSignals(team.id, 20, 'more').map((s) => ({ ...s, score: 10 }))
    await repo.insertMany(team.id, more)
    const later = sorted([...rows, ...extra, ...more]).map((s) => s.id)
    expect(
      await repo.page(team.id, {}, { limit: 10, offset: 60, full: false, version: 1 }).then((r) => r.map((x) => x.id)),
    ).toEqual(later.slice(60, 70))
    expect(await pageIds(repo, team.id, {}, 10, 60)).toEqual(later.slice(60, 70))
  })

  test('concurrent deep pages on a cold cache agree with the sorted list', async () => {
    const { repo, team, rows } = await setup()
    const all = sorted(rows).map((s) => s.id)
    const offsets = [90, 8, 45, 99, 14, 63, 7, 120, 30, 77, 90, 45]
    const got = await Promise.all(offsets.map((o) => pageIds(repo, team.id, {}, 6, o)))
    expect(got).toEqual(offsets.map((o) => all.slice(o, o + 6)))
    for (let offset = 0; offset < 110; offset++)
      expect(await pageIds(repo, team.id, {}, 3, offset)).toEqual(all.slice(offset, offset + 3))
  })

  test('pages racing inserts settle on the new data once the inserts are done', async () => {
    const { repo, team, rows } = await setup()
    const extra = makeSignals(team.id, 60, 'race').map((s, i) => ({ ...s, score: i % 3 ? 10 : 0 }))
    const racing = [20, 50, 80, 110, 140].map((o) => pageIds(repo, team.id, {}, 10, o))
    await Promise.all([
      ...racing,
      repo.insertMany(team.id, extra.slice(0, 30)),
      ...racing,
      repo.insertMany(team.id, extra.slice(30)),
    ])
    const all = sorted([...rows, ...extra]).map((s) => s.id)
    for (let offset = 0; offset < all.length + 5; offset += 3) {
      expect({ offset, got: await pageIds(repo, team.id, {}, 4, offset) }).toEqual({
        offset,
        got: all.slice(offset, offset + 4),
      })
    }
  })

  test('with room for fewer anchors than one filter needs, pages over every filter in turn are still the slices', async () => {
    const { team, rows, db } = await setup()
    // 3 anchors in all, where each filter needs up to 14: every entry but the one in use is dropped as pages go on.
    const repo = createSignalsRepo(db, { anchorEvery: EVERY, anchorsKept: 3 })
    const slices = FILTERS.map(([, keep]) => sorted(rows.filter(keep)).map((s) => s.id))
    for (const offset of [90, 13, 56, 7, 35, 99, 21, 70])
      for (const [i, [f]] of FILTERS.entries())
        expect({ f, offset, got: await pageIds(repo, team.id, f, 5, offset) }).toEqual({
          f,
          offset,
          got: slices[i].slice(offset, offset + 5),
        })
  })

  test("a page's rows are drizzle's own mapping of the page query, field for field, for every filter, full or not", async () => {
    const { repo, team, rows, db } = await setup()
    // One verdict, so the joined column is not always null.
    await db.insert(signalFeedback).values({
      signalId: rows[3].id,
      teamId: team.id,
      keywordLc: rows[3].keyword.toLowerCase(),
      verdict: 'relevant',
      score: rows[3].score,
      intent: rows[3].intent,
      judgedAt: '2026-11-01T00:00:00.000Z',
    })
    for (const [f] of FILTERS)
      for (const full of [false, true]) {
        const run = async (q: Statement) => (await db.$client.execute(q)).rows
        const values = resolvedKeyword(f, await signalSpellings(run, team.id))
        const expected = await pageQuery(db, shapeOf(values, full, false)).all({
          teamId: team.id,
          ...values,
          limit: 100,
          offset: 0,
        })
        expect(expected.length).toBeGreaterThan(0)
        expect(await repo.page(team.id, f, { limit: 100, offset: 0, full })).toEqual(expected)
      }
  })

  test('anchorEvery must be a positive integer', async () => {
    const { deps } = await testDeps()
    expect(() => createSignalsRepo(deps.database.db, { anchorEvery: 0 })).toThrow()
    expect(() => createSignalsRepo(deps.database.db, { anchorEvery: 2.5 })).toThrow()
  })

  test('concurrent requests for a total not yet known share one count, and a new version counts again', async () => {
    const { repo, team, rows } = await setup()
    let counts = 0
    const count = repo.count
    repo.count = (...a: Parameters<typeof count>) => {
      counts++
      return count.apply(repo, a)
    }
    const totals = await Promise.all(Array.from({ length: 20 }, () => repo.total(team.id, 1, {})))
    expect(totals).toEqual(Array(20).fill(rows.length))
    expect(counts).toBe(1)
    await repo.insertMany(team.id, makeSignals(team.id, 5, 'more'))
    expect(await Promise.all([repo.total(team.id, 2, {}), repo.total(team.id, 2, {})])).toEqual([
      rows.length + 5,
      rows.length + 5,
    ])
    expect(counts).toBe(2)
  })
})
