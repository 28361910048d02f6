import { describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { newId } from '../../src/lib/ids'
import { createSignalsRepo, type NewSignal } from '../../src/storage/repos/signals'
import { createApp } from '../../src/app'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

const INTENTS = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION']
const PLATFORMS = ['reddit', 'hackernews', 'twitter', 'linkedin']
const KEYWORDS = ['CRM', 'crm', 'helpdesk']

/** 60 signals with deliberate ties in score and in (score, publishedAt): rows i and i+30 tie on both. */
function sampleSignals(teamId: string): NewSignal[] {
  return Array.from({ length: 60 }, (_, i) => ({
    id: `sig_${String(i).padStart(3, '0')}`,
    teamId,
    platform: PLATFORMS[i % 4],
    postId: `p${i}`,
    author: `author${i}`,
    intent: INTENTS[i % 5],
    score: [0, 2.5, 5, 7.5, 10][(i * 7) % 5],
    reason: `reason ${i}`,
    icpMatch: i % 3 ? 'Founders' : null,
    preview: `post ${i}`,
    contentFull: i % 10 === 0 ? null : `full text of post ${i}`,
    url: `https://example.com/${i}`,
    keyword: KEYWORDS[i % 3],
    publishedAt: new Date(Date.UTC(2026, 9, 1 + (i % 6))).toISOString(),
    detectedAt: '2026-11-01T00:00:00.000Z',
  }))
}

/** Byte order, as SQLite's BINARY collation compares ids (the ids here are ASCII, where UTF-16 order is the same). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** docs/api.md#order-and-paging: score, then publishedAt, then id, all three descending. */
function expectedOrder(rows: NewSignal[]) {
  return [...rows].sort((a, b) => b.score - a.score || cmp(b.publishedAt, a.publishedAt) || cmp(b.id, a.id))
}

async function setup(a: { anchorEvery?: number } = {}) {
  const { deps } = await testDeps({ config: { plans: { endless: { monthly_requests: 'unlimited' } } } })
  // A small anchor distance puts most offsets of 60 rows past several keyset anchors.
  if (a.anchorEvery) deps.repos.signals = createSignalsRepo(deps.database.db, { anchorEvery: a.anchorEvery })
  const { team, apiKey } = await seedTeam(deps, { plan: 'endless' })
  const rows = sampleSignals(team.id)
  await deps.repos.signals.insertMany(team.id, rows)
  const call = client(deps)
  const get = (query: string) => call('GET', `/api/v1/signals${query}`, { key: apiKey })
  return { deps, team, apiKey, rows, get }
}

const ids = (body: { signals: { id: string }[] }) => body.signals.map((s) => s.id)

describe('GET /api/v1/signals', () => {
  test('sorts by score, then publishedAt, then id (all descending), and reports the total', async () => {
    const { rows, get } = await setup()
    const r = await get('?limit=100')
    expect(r.status).toBe(200)
    expect(ids(r.body)).toEqual(expectedOrder(rows).map((s) => s.id))
    expect(r.body.total).toBe(60)
    expect(r.body).toMatchObject({ limit: 100, offset: 0 })
    const tieOnScoreAndDate = r.body.signals.filter(
      (s: { score: number; publishedAt: string }) => s.score === 10 && s.publishedAt === r.body.signals[0].publishedAt,
    )
    expect(tieOnScoreAndDate.length).toBeGreaterThan(1)
    // Within a tie on score and publishedAt the larger id comes first.
    expect(tieOnScoreAndDate.map((s: { id: string }) => s.id)).toEqual(
      tieOnScoreAndDate
        .map((s: { id: string }) => s.id)
        .sort()
        .reverse(),
    )
  })

  for (const anchorEvery of [undefined, 7]) {
    test(`pages of every size neither skip nor repeat a row (anchorEvery ${anchorEvery ?? 'default'})`, async () => {
      const { rows, get } = await setup({ anchorEvery })
      const all = expectedOrder(rows).map((s) => s.id)
      for (const size of [1, 7, 20]) {
        const seen: string[] = []
        for (let offset = 0; offset < 70; offset += size)
          seen.push(...ids((await get(`?limit=${size}&offset=${offset}`)).body))
        expect(seen).toEqual(all)
      }
      for (const offset of [56, 59, 60, 63, 500]) {
        const past = await get(`?offset=${offset}`)
        expect({ offset, ids: ids(past.body), total: past.body.total }).toEqual({
          offset,
          ids: all.slice(offset, offset + 20),
          total: 60,
        })
      }
    })
  }

  test('deep pages follow new signals as soon as they are stored', async () => {
    const { deps, team, rows, get } = await setup({ anchorEvery: 7 })
    const before = expectedOrder(rows).map((s) => s.id)
    expect(ids((await get('?offset=30&limit=10')).body)).toEqual(before.slice(30, 40))
    expect(ids((await get('?offset=63')).body)).toEqual([])
    // Top scores shift every later row down; the lowest go to the end, past where the list ended before.
    const extra = sampleSignals(team.id)
      .slice(0, 10)
      .map((s, i) => ({ ...s, id: `sig_new${i}`, postId: `new${i}`, score: i < 5 ? 10 : 0 }))
    await deps.repos.signals.insertMany(team.id, extra)
    const after = expectedOrder([...rows, ...extra]).map((s) => s.id)
    expect(ids((await get('?offset=30&limit=10')).body)).toEqual(after.slice(30, 40))
    const tail = await get('?offset=63')
    expect({ ids: ids(tail.body), total: tail.body.total }).toEqual({ ids: after.slice(63), total: 70 })
  })

  test('each filter alone keeps exactly the matching rows', async () => {
    const { rows, get } = await setup()
    const cases: [string, (s: NewSignal) => boolean][] = [
      ['?keyword=crm', (s) => s.keyword.toLowerCase() === 'crm'],
      ['?keyword=HELPDESK', (s) => s.keyword === 'helpdesk'],
      ['?intent=PAIN', (s) => s.intent === 'PAIN'],
      ['?platform=linkedin', (s) => s.platform === 'linkedin'],
      ['?minScore=7', (s) => s.score >= 7],
      ['?minScore=7.6', (s) => s.score >= 7.6],
      ['?since=2026-10-04', (s) => s.publishedAt >= '2026-10-04T00:00:00.000Z'],
      ['?since=2026-10-04T12:00:00%2B02:00', (s) => s.publishedAt >= '2026-10-04T10:00:00.000Z'],
    ]
    for (const [query, keep] of cases) {
      const r = await get(`${query}${query.includes('?') ? '&' : '?'}limit=100`)
      const expected = expectedOrder(rows.filter(keep)).map((s) => s.id)
      expect({ query, ids: ids(r.body), total: r.body.total }).toEqual({ query, ids: expected, total: expected.length })
      expect(expected.length).toBeGreaterThan(0)
    }
  })

  test('keyword= matches as tracked keywords are keyed: any case of its words, OR/AND/NOT as written, spaces evened', async () => {
    // Anchors every 2 rows: deeper pages start from an anchor of the filter.
    const { deps, team, rows, get } = await setup({ anchorEvery: 2 })
    const spellings = [
      'crm NOT hubspot',
      'crm not hubspot',
      'CRM Not HubSpot',
      'ÉQUIPE',
      'équipe',
      'Équipe',
      'crm  erp',
      'CRM ERP',
    ]
    const extra = spellings.flatMap((keyword, k) =>
      [0, 1].map((i) => ({ ...rows[k * 2 + i], id: `sig_kw${k}${i}`, postId: `kw${k}${i}`, keyword })),
    )
    await deps.repos.signals.insertMany(team.id, extra)
    const of = (...names: string[]) => expectedOrder(extra.filter((s) => names.includes(s.keyword))).map((s) => s.id)
    const cases: [string, string[]][] = [
      ['crm NOT hubspot', of('crm NOT hubspot')],
      ['crm not hubspot', of('crm not hubspot', 'CRM Not HubSpot')],
      ['CRM nOt HUBSPOT', of('crm not hubspot', 'CRM Not HubSpot')],
      ['équipe', of('ÉQUIPE', 'équipe', 'Équipe')],
      ['Équipe', of('ÉQUIPE', 'équipe', 'Équipe')],
      ['crm erp', of('crm  erp', 'CRM ERP')],
      ['crm NOT', []],
    ]
    for (const [keyword, expected] of cases) {
      for (const [limit, offset] of [
        [100, 0],
        [1, 0],
        [1, 3],
      ]) {
        const r = await get(`?keyword=${encodeURIComponent(keyword)}&limit=${limit}&offset=${offset}`)
        expect({ keyword, offset, ids: ids(r.body), total: r.body.total }).toEqual({
          keyword,
          offset,
          ids: expected.slice(offset, offset + limit),
          total: expected.length,
        })
      }
    }
  })

  test('filters combine with AND', async () => {
    const { rows, get } = await setup()
    const r = await get('?keyword=CRM&intent=ACTIVE&platform=reddit&minScore=1&since=2026-10-02&limit=100')
    const expected = expectedOrder(
      rows.filter(
        (s) =>
          s.keyword.toLowerCase() === 'crm' &&
          s.intent === 'ACTIVE' &&
          s.platform === 'reddit' &&
          s.score >= 1 &&
          s.publishedAt >= '2026-10-02T00:00:00.000Z',
      ),
    )
    expect(ids(r.body)).toEqual(expected.map((s) => s.id))
    expect(r.body.total).toBe(expected.length)
  })

  test('preview mode omits contentFull; full mode gives the stored text or null on every signal', async () => {
    const { get } = await setup()
    const preview = (await get('?limit=100')).body.signals
    expect(preview.every((s: object) => !('contentFull' in s))).toBe(true)
    const full = (await get('?limit=100&content=full')).body.signals
    const byId = new Map(full.map((s: { id: string; contentFull: string | null }) => [s.id, s.contentFull]))
    expect(byId.get('sig_010')).toBeNull()
    expect(byId.get('sig_011')).toBe('full text of post 11')
    expect(full.every((s: object) => 'contentFull' in s)).toBe(true)
    expect(full.find((s: { id: string }) => s.id === 'sig_011')).toMatchObject({
      id: 'sig_011',
      author: 'author11',
      platform: 'linkedin',
      intent: 'COMPETITOR',
      score: 5,
      reason: 'reason 11',
      icpMatch: 'Founders',
      content: 'post 11',
      url: 'https://example.com/11',
      keyword: 'helpdesk',
      publishedAt: '2026-10-06T00:00:00.000Z',
      detectedAt: '2026-11-01T00:00:00.000Z',
    })
  })

  test('accepts every parameter at its limits', async () => {
    const { get } = await setup()
    for (const q of [
      '?limit=1',
      '?limit=100',
      '?offset=0',
      '?minScore=0',
      '?minScore=10',
      '?content=preview',
      `?keyword=${'k'.repeat(200)}`,
    ]) {
      expect({ q, status: (await get(q)).status }).toEqual({ q, status: 200 })
    }
    expect((await get('?limit=1')).body.signals.length).toBe(1)
  })

  test('rejects every parameter just past its limits with 400 naming the field, and charges nothing', async () => {
    const { get, deps, team } = await setup()
    const bad: [string, string][] = [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=abc', 'limit'],
      ['?limit=1.5', 'limit'],
      ['?offset=-1', 'offset'],
      ['?offset=x', 'offset'],
      ['?minScore=-1', 'minScore'],
      ['?minScore=10.1', 'minScore'],
      ['?minScore=high', 'minScore'],
      ['?since=yesterday', 'since'],
      ['?since=2026-02-30', 'since'],
      ['?since=2026-10-01T10:00:00', 'since'],
      ['?intent=hot', 'intent'],
      ['?platform=myspace', 'platform'],
      ['?content=all', 'content'],
      [`?keyword=${'k'.repeat(201)}`, 'keyword'],
      ['?keyword=', 'keyword'],
      ['?sort=score', 'sort'],
    ]
    for (const [q, field] of bad) {
      const r = await get(q)
      expect({
        q,
        status: r.status,
        code: r.body.error?.code,
        fields: r.body.error?.details?.map((d: { field: string }) => d.field),
      }).toEqual({ q, status: 400, code: 'invalid_request', fields: [field] })
    }
    expect((await deps.repos.teams.byId(team.id))?.quotaUsed).toBe(0)
  })

  test('a zone offset whose + arrived as a space is refused saying to write it %2B, not that the zone is missing', async () => {
    // docs/api.md#signals: in a query string a + must be written %2B, or it reads as a space. The user did give a
    // zone; an answer that asks for one leaves them guessing.
    const { get } = await setup()
    for (const q of ['?since=2026-10-04T12:00:00+02:00', '?since=2026-10-04T12:00:00.5+0200']) {
      const r = await get(q)
      expect(r.status).toBe(400)
      expect(r.body.error.details).toEqual([{ field: 'since', message: expect.stringContaining('%2B') }])
      expect(r.body.error.message).toContain('%2B')
    }
    // A value with no zone at all is still told it needs one.
    expect((await get('?since=2026-10-01T10:00:00')).body.error.message).not.toContain('%2B')
  })

  test('the total follows new signals as soon as they are stored', async () => {
    const { deps, team, get } = await setup()
    expect((await get('?intent=ACTIVE')).body.total).toBe(12)
    const extra = sampleSignals(team.id)
      .slice(0, 5)
      .map((s, i) => ({ ...s, id: newId('sig'), postId: `new${i}` }))
    await deps.repos.signals.insertMany(team.id, extra)
    expect((await get('?intent=ACTIVE')).body.total).toBe(13)
    expect((await get('')).body.total).toBe(65)
  })

  test('a page asked for again is answered from the same state until new signals are stored, then shows them', async () => {
    const { deps, team, get } = await setup()
    const first = ids((await get('?limit=5')).body)
    expect(ids((await get('?limit=5')).body)).toEqual(first)
    const top = {
      ...sampleSignals(team.id)[0],
      id: 'sig_zzz',
      postId: 'top',
      score: 10,
      publishedAt: '2026-12-01T00:00:00.000Z',
    }
    await deps.repos.signals.insertMany(team.id, [top])
    expect(ids((await get('?limit=5')).body)).toEqual(['sig_zzz', ...first.slice(0, 4)])
  })

  test('answers JSON in the documented field order, the same with or without response checks, page after page', async () => {
    // docs/performance.md#signal-pages: the signals' JSON is written once per remembered page, the rest per request.
    const { deps, apiKey } = await setup()
    const answers = new Map<string, unknown[]>()
    for (const check_responses of [true, false]) {
      const app = createApp({ ...deps, config: { ...deps.config, server: { ...deps.config.server, check_responses } } })
      for (const query of ['?limit=7', '?limit=7', '?limit=3&content=full', '?offset=55']) {
        const res = await app.handle(
          new Request(`http://localhost/api/v1/signals${query}`, { headers: { 'x-api-key': apiKey } }),
        )
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toBe('application/json;charset=utf-8')
        const text = await res.text()
        const body = JSON.parse(text)
        expect(text).toBe(JSON.stringify(body))
        expect(Object.keys(body)).toEqual(['signals', 'total', 'limit', 'offset', 'usage'])
        expect(body.usage.used).toBeGreaterThan(0)
        answers.set(query, [...(answers.get(query) ?? []), { ...body, usage: null }])
      }
    }
    for (const [query, seen] of answers) {
      expect(seen.length, query).toBe(query === '?limit=7' ? 4 : 2)
      for (const answer of seen) expect(answer).toEqual(seen[0])
    }
  })

  test("one team never sees another team's signals", async () => {
    const { deps, get } = await setup()
    const other = await seedTeam(deps as Deps, { name: 'other', plan: 'growth' })
    const r = await client(deps)('GET', '/api/v1/signals?limit=100', { key: other.apiKey })
    expect(r.body).toMatchObject({ signals: [], total: 0 })
    expect((await get('')).body.total).toBe(60)
  })
})
