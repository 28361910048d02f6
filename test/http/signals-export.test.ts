import { describe, expect, test } from 'bun:test'
import { importSignals } from '../../src/domain/signals/import'
import { bytesLines } from '../../src/domain/signals/line-source'
import type { NewSignal } from '../../src/storage/repos/signals'
import { createApp } from '../../src/app'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { HOSTILE, hostileSignals, parseCsv } from '../support/exports'

async function setup(rows: (teamId: string) => NewSignal[] = hostileSignals) {
  const { deps } = await testDeps({ config: { plans: { endless: { monthly_requests: 'unlimited' } } } })
  const { team, apiKey } = await seedTeam(deps, { plan: 'endless' })
  await deps.repos.signals.insertMany(team.id, rows(team.id))
  const call = client(deps)
  const get = (query: string) => call('GET', `/api/v1/signals/export${query}`, { key: apiKey })
  const app = createApp(deps)
  /** The answer's text as sent (the client helper would parse a one-line JSON Lines file as JSON). */
  const text = async (query: string) =>
    (
      await app.handle(
        new Request(`http://localhost/api/v1/signals/export${query}`, { headers: { 'x-api-key': apiKey } }),
      )
    ).text()
  return { deps, team, apiKey, get, text }
}

const CSV_COLUMNS =
  'id,postId,platform,author,intent,score,reason,icpMatch,content,contentFull,url,keyword,publishedAt,detectedAt,personId,verdict,verdictReason,judgedAt,dismissed'

/** What a cell should read after neutralisation: a formula start gets a leading single quote. */
const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

describe('GET /api/v1/signals/export (docs/api.md#export)', () => {
  test('CSV: RFC 4180 with a header row, CRLF, doubled quotes, formula starts made inert, UTF-8 kept', async () => {
    const { get } = await setup()
    const r = await get('?format=csv')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toStartWith('text/csv')
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="signals-2026-11-15.csv"')
    const text = r.body as string
    expect(text.startsWith(`${CSV_COLUMNS}\r\n`)).toBe(true)
    const [header, ...records] = parseCsv(text)
    expect(header.join(',')).toBe(CSV_COLUMNS)
    expect(records).toHaveLength(HOSTILE.length)
    for (const record of records) {
      expect(record).toHaveLength(19)
      // None of them is dismissed, so the last column says so (docs/api.md#export).
      expect(record[18]).toBe('false')
      const i = Number(record[1].replace(/^\w+:post-/, ''))
      expect(record[0]).toBe(`sig_h${String(i).padStart(2, '0')}`)
      const source = HOSTILE[i]
      expect(record[3]).toBe(inert(source))
      expect(record[6]).toBe(inert(source))
      expect(record[8]).toBe(inert(source))
      expect(record[9]).toBe(inert(`${source} (the whole post)`))
      expect(record[7]).toBe(i % 3 ? 'Founders' : '')
    }
    // One record byte for byte: the quote doubled, the field quoted because of it, the formula prefixed.
    expect(text).toContain(
      `sig_h03,reddit:post-03,reddit,"'=HYPERLINK(""http://evil.example"",""click"")",ACTIVE,7.5,"'=HYPERLINK(""http://evil.example"",""click"")",,`,
    )
    // A bare line feed or carriage return never ends a record outside quotes.
    expect(text).toContain('"line one\r\nline two\nline three\rend"')
    expect(text).toContain('Zürich, 東京 and 🚀 emoji')
  })

  test('a filter-free export holds every signal once, in the order they were stored', async () => {
    const { get } = await setup()
    const lines = ((await get('?format=jsonl')).body as string)
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((s) => [s.id, s.postId])).toEqual(hostileSignals('t').map((s) => [s.id, s.postId]))
  })

  test('an exported id is the id GET /api/v1/signals shows, and POST /api/v1/signals/{id}/feedback takes it', async () => {
    const { deps, apiKey, text } = await setup()
    const call = client(deps)
    const exported = (await text('?format=jsonl'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).id as string)
    const listed = (await call('GET', '/api/v1/signals?limit=100', { key: apiKey })).body.signals.map(
      (s: { id: string }) => s.id,
    )
    expect([...exported].sort()).toEqual([...listed].sort())
    const judged = await call('POST', `/api/v1/signals/${exported[0]}/feedback`, {
      key: apiKey,
      body: { verdict: 'relevant' },
    })
    expect(judged.status).toBe(200)
    expect(judged.body).toMatchObject({ signalId: exported[0], verdict: 'relevant' })
  })

  test('JSONL: one signal per line, with its full text, in the shape signals import reads', async () => {
    const { get } = await setup()
    const r = await get('?format=jsonl')
    expect(r.headers.get('content-type')).toStartWith('application/x-ndjson')
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="signals-2026-11-15.jsonl"')
    const text = r.body as string
    expect(text.endsWith('\n')).toBe(true)
    const first = JSON.parse(text.split('\n')[0])
    expect(Object.keys(first)).toEqual(CSV_COLUMNS.split(','))
    expect(first).toMatchObject({
      id: 'sig_h00',
      postId: 'hackernews:post-00',
      platform: 'hackernews',
      content: HOSTILE[0],
    })
    expect(first.contentFull).toBe(`${HOSTILE[0]} (the whole post)`)
  })

  test('JSONL round trip: export, import into another database, export again: the same but for the new ids', async () => {
    const { get } = await setup()
    const exported = (await get('?format=jsonl')).body as string
    const other = await setup(() => [])
    const result = await importSignals(other.deps, {
      teamId: other.team.id,
      lines: bytesLines(Buffer.from(exported)),
      skipInvalid: false,
    })
    expect(result).toMatchObject({ applied: true, imported: HOSTILE.length, rejected: [] })
    // Each import draws new signal ids (docs/operations.md#exporting-signals), and person ids are made from the team's
    // (docs/people.md); everything else is the same bytes.
    const withoutIds = (text: unknown) =>
      String(text)
        .replace(/"id":"sig_[\w-]+",/g, '')
        .replace(/^sig_[\w-]+,/gm, '')
        .replace(/per_[0-9a-f]{24}/g, 'per_')
    const again = (await other.get('?format=jsonl')).body as string
    expect(exported).toMatch(/"personId":"per_[0-9a-f]{24}"/)
    expect(again).not.toBe(exported)
    expect(withoutIds(again)).toBe(withoutIds(exported))
    expect(withoutIds((await other.get('?format=csv')).body)).toBe(withoutIds((await get('?format=csv')).body))
  })

  test('the list filters apply: keyword (any case), intent, platform, minScore, since', async () => {
    const rows = (teamId: string) =>
      Array.from({ length: 40 }, (_, i) => ({
        ...hostileSignals(teamId)[i % HOSTILE.length],
        id: `sig_f${i}`,
        postId: `f${String(i).padStart(2, '0')}`,
        platform: ['reddit', 'hackernews', 'github', 'bluesky'][i % 4],
        intent: ['ACTIVE', 'PAIN', 'QUESTION'][i % 3],
        keyword: ['crm', 'CRM', 'helpdesk', 'crm NOT hubspot', 'crm not hubspot', 'ÉQUIPE', 'équipe'][
          i < 30 ? (i % 3 === 0 ? 0 : (i % 5) % 3) : 3 + (i % 4)
        ],
        score: i % 11,
        publishedAt: new Date(Date.UTC(2026, 9, 1 + (i % 20))).toISOString(),
      }))
    const { get, text, team } = await setup(rows)
    const all = rows(team.id)
    const ids = async (query: string) =>
      (await text(`?format=jsonl${query}`))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).postId)
        .sort()
    const expected = (keep: (s: NewSignal) => boolean) =>
      all
        .filter(keep)
        .map((s) => s.postId)
        .sort()
    const cases: [string, (s: NewSignal) => boolean][] = [
      ['&keyword=Crm', (s) => s.keyword.toLowerCase() === 'crm'],
      // As tracked keywords are keyed: OR, AND and NOT as written, every other letter in any case.
      ['&keyword=CRM%20not%20HubSpot', (s) => s.keyword === 'crm not hubspot'],
      ['&keyword=crm%20NOT%20hubspot', (s) => s.keyword === 'crm NOT hubspot'],
      ['&keyword=%C3%89quipe', (s) => s.keyword.toLowerCase() === 'équipe'],
      ['&intent=PAIN', (s) => s.intent === 'PAIN'],
      ['&platform=github', (s) => s.platform === 'github'],
      ['&minScore=7', (s) => s.score >= 7],
      ['&since=2026-10-15', (s) => s.publishedAt >= '2026-10-15T00:00:00.000Z'],
      [
        '&platform=reddit&intent=ACTIVE&minScore=3',
        (s) => s.platform === 'reddit' && s.intent === 'ACTIVE' && s.score >= 3,
      ],
    ]
    for (const [query, keep] of cases) {
      const want = expected(keep)
      expect(want.length).toBeGreaterThan(0)
      expect(want.length).toBeLessThan(all.length)
      expect(await ids(query)).toEqual(want)
    }
    // A CSV export with no match is the header alone.
    expect((await get('?minScore=10&platform=bluesky&intent=PAIN')).body).toBe(`${CSV_COLUMNS}\r\n`)
  })

  test('bad input is 400 invalid_request: a format, a filter, paging (an export has none)', async () => {
    const { get } = await setup()
    for (const query of [
      '?format=xml',
      '?format=',
      '?minScore=11',
      '?since=yesterday',
      '?limit=10',
      '?offset=5',
      '?content=full',
    ]) {
      const r = await get(query)
      expect(r.status).toBe(400)
      expect(r.body.error.code).toBe('invalid_request')
    }
    expect((await get('?format=xml')).body.error.message).toContain('format')
  })
})
