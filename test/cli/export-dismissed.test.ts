// docs/operations.md#exporting-signals: `export --include dismissed` wrote the dismissed signals among the others with
// nothing to tell them apart, and an import put back into the list every one not judged not relevant (a muted
// author's). Each row now ends with `dismissed`, which the import reads; a file without it imports as before.
import { describe, expect, test, setDefaultTimeout } from 'bun:test'
import { hostileImportFile } from '../support/exports'
import { ok, query, runCli, type Workspace, MANY_PROCESSES_MS } from './run-cli'
import { acmeAndBravo } from './two-teams'

setDefaultTimeout(MANY_PROCESSES_MS)

const teams = acmeAndBravo()

const exportAll = (ws: Workspace, team: string, ...flags: string[]) =>
  ok(ws, ['signals', 'export', '--team', team, ...flags])
const withoutIds = (text: string) =>
  text.replace(/"id":"sig_[\w-]+",/g, '').replace(/"personId":"per_[0-9a-f]{24}"/g, '"personId":"per_"')
const dismissed = async (ws: Workspace) =>
  (await query(ws, 'select post_id from signals where dismissed = 1 order by post_id')).map((r) => r.post_id)

/** Team acme with its signals, one stored as a muted author's post is: dismissed, with no verdict (multi-row.ts). */
async function withMutedPost() {
  await ok(teams.a, ['signals', 'import', '--team', 'acme', teams.a.file('in.jsonl', hostileImportFile('acme'))])
  await query(teams.a, "update signals set dismissed = 1 where post_id = 'reddit:post-01'")
}

describe('an export says which signals are dismissed (docs/api.md#export)', () => {
  test('JSON Lines: `dismissed` last, and an import elsewhere keeps a muted author’s post dismissed', async () => {
    await withMutedPost()
    const first = await exportAll(teams.a, 'acme', '--format', 'jsonl', '--include', 'dismissed')
    const lines = first.trim().split('\n')
    expect(lines[1]).toEndWith('"verdict":null,"verdictReason":null,"judgedAt":null,"dismissed":true}')
    expect(lines[0]).toEndWith(',"dismissed":false}')
    expect(Object.keys(JSON.parse(lines[0])).at(-1)).toBe('dismissed')

    await ok(teams.b, ['signals', 'import', '--team', 'bravo', teams.b.file('first.jsonl', first)])
    expect(await dismissed(teams.b)).toEqual(['reddit:post-01'])
    // Out of the default export there too, and the same bytes again with it.
    expect((await exportAll(teams.b, 'bravo', '--format', 'jsonl')).trim().split('\n')).toHaveLength(lines.length - 1)
    expect(withoutIds(await exportAll(teams.b, 'bravo', '--format', 'jsonl', '--include', 'dismissed'))).toBe(
      withoutIds(first),
    )
  })

  test('CSV: `dismissed` is the last column, after the 18 documented before it', async () => {
    await withMutedPost()
    const csv = await exportAll(teams.a, 'acme', '--include', 'dismissed')
    const [header, ...records] = csv.split('\r\n')
    expect(header).toEndWith(',personId,verdict,verdictReason,judgedAt,dismissed')
    expect(header.split(',')).toHaveLength(19)
    const reddit = records.find((r) => r.includes(',reddit:post-01,'))
    expect(reddit).toEndWith(',,,,true')
    // The others, not dismissed, say false; it alone says true.
    expect(records.filter((r) => r.endsWith(',true'))).toEqual([reddit as string])
    expect(records.filter((r) => r.endsWith(',false')).length).toBeGreaterThan(5)
  })

  test('a file without `dismissed` imports as before; one that is not a boolean rejects its line', async () => {
    await ok(teams.b, ['signals', 'import', '--team', 'bravo', teams.b.file('older.jsonl', hostileImportFile('bravo'))])
    expect(await dismissed(teams.b)).toEqual([])
    const line = JSON.parse(hostileImportFile('acme').split('\n')[0])
    const r = await runCli(teams.a, [
      'signals',
      'import',
      '--team',
      'acme',
      teams.a.file('bad.jsonl', JSON.stringify({ ...line, dismissed: 'yes' })),
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('line 1: dismissed: must be true or false')
    expect(await query(teams.a, 'select count(*) as n from signals')).toEqual([{ n: 0 }])
  })
})
