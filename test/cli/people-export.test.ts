// `people export` (docs/people.md#export): the team's people from the command line, as the API's export gives them:
// one record per person with the id its signals carry, linked identities folded in, written with the same file rules
// as `signals export` (docs/operations.md#exporting-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseCsv } from '../support/exports'
import { createWorkspace, ok, runCli, signalLine } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  const lines = [
    signalLine('p1', { author: 'ann', score: 9 }),
    signalLine('p2', { author: 'ann', score: 6.5 }),
    signalLine('p3', {
      author: '=HYPERLINK("http://x")',
      platform: 'hackernews',
      url: 'https://news.ycombinator.com/item?id=3',
    }),
  ]
  await ok(ws, ['signals', 'import', '--team', 'acme', ws.file('in.jsonl', lines.join('\n'))])
})
afterAll(() => ws.cleanup())

/** Each signal's person id, by author, from the signals export. */
async function personIdsByAuthor(): Promise<Map<string, string>> {
  const out = await ok(ws, ['signals', 'export', '--team', 'acme', '--format', 'jsonl'])
  const rows = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { author: string; personId: string })
  return new Map(rows.map((r) => [r.author, r.personId]))
}

describe('people export', () => {
  test('JSON Lines: one record per person, with the id their signals carry and their figures', async () => {
    const out = await ok(ws, ['people', 'export', '--team', 'acme', '--format', 'jsonl'])
    const people = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const ids = await personIdsByAuthor()
    expect(people.map((p) => p.author).sort()).toEqual(['=HYPERLINK("http://x")', 'ann'])
    const ann = people.find((p) => p.author === 'ann')
    expect(ann.id).toBe(ids.get('ann'))
    expect(ann.id).toMatch(/^per_[0-9a-f]{24}$/)
    expect([ann.platform, ann.signals, ann.bestScore, ann.bestIntent]).toEqual(['reddit', 2, 9, 'ACTIVE'])
  })

  test('CSV (the default) into a file: a header, formula cells made inert; an existing file kept without --force', async () => {
    await ok(ws, ['people', 'export', '--team', 'acme', '--out', 'people.csv'])
    const rows = parseCsv(readFileSync(join(ws.dir, 'people.csv'), 'utf8'))
    expect(rows[0].slice(0, 3)).toEqual(['id', 'platform', 'author'])
    const authors = rows.slice(1).map((r) => r[2])
    expect(authors).toContain('\'=HYPERLINK("http://x")')
    expect(authors).not.toContain('=HYPERLINK("http://x")')

    const again = await runCli(ws, ['people', 'export', '--team', 'acme', '--out', 'people.csv'])
    expect(again.code).toBe(2)
    expect(again.stderr).toBe('lead-signals: cannot write "people.csv": the file exists; add --force to replace it\n')
    await ok(ws, ['people', 'export', '--team', 'acme', '--out', 'people.csv', '--force'])
  })

  test('a format it does not write and an unknown team are one plain line each, with nothing written', async () => {
    const format = await runCli(ws, ['people', 'export', '--team', 'acme', '--format', 'xlsx', '--out', 'x.out'])
    expect(format.code).toBe(2)
    expect(format.stderr).toBe('lead-signals: --format must be csv or jsonl\n')
    const team = await runCli(ws, ['people', 'export', '--team', 'nobody'])
    expect(team.code).not.toBe(0)
    expect(team.stderr).toStartWith('lead-signals: ')
    expect(team.stderr.split('\n')).toHaveLength(2)
    expect(readFileSync(join(ws.dir, 'people.csv'), 'utf8')).toStartWith('id,')
    expect(() => readFileSync(join(ws.dir, 'x.out'))).toThrow()
  })
})
