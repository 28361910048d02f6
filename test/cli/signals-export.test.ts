import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { hostileSignals, parseCsv } from '../support/exports'
import { createWorkspace, ok, runCli, type Workspace } from './run-cli'

let a: Workspace
let b: Workspace
beforeEach(async () => {
  a = createWorkspace()
  b = createWorkspace()
  await ok(a, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  await ok(b, ['team', 'create', '--name', 'bravo', '--plan', 'growth'])
})
afterEach(() => {
  a.cleanup()
  b.cleanup()
})

/** The hostile signals as a file `signals import` reads. */
const hostileFile = () =>
  hostileSignals('acme')
    .map((s) =>
      JSON.stringify({
        id: s.postId,
        author: s.author,
        platform: s.platform,
        intent: s.intent,
        score: s.score,
        reason: s.reason,
        icpMatch: s.icpMatch,
        content: s.preview,
        contentFull: s.contentFull,
        url: s.url,
        keyword: s.keyword,
        publishedAt: s.publishedAt,
        detectedAt: s.detectedAt,
      }),
    )
    .join('\n')

describe('signals export (docs/operations.md#exporting-signals)', () => {
  test('JSON Lines round trip: export, import into another database, export again: the same but for the new ids', async () => {
    await ok(a, ['signals', 'import', '--team', 'acme', a.file('in.jsonl', hostileFile())])
    const first = await ok(a, ['signals', 'export', '--team', 'acme', '--format', 'jsonl'])
    expect(first.split('\n')).toHaveLength(hostileSignals('x').length + 1)
    b.file('first.jsonl', first)
    expect(await ok(b, ['signals', 'import', '--team', 'bravo', 'first.jsonl'])).toStartWith('imported 11 signals')
    await ok(b, ['signals', 'export', '--team', 'bravo', '--format', 'jsonl', '--out', 'second.jsonl'])
    // Each import draws new signal ids (`id`), and person ids are made from the team's (docs/people.md); everything
    // else, the post ids among it, is the same bytes.
    const withoutIds = (text: string) =>
      text.replace(/"id":"sig_[\w-]+",/g, '').replace(/"personId":"per_[0-9a-f]{24}"/g, '"personId":"per_"')
    const second = readFileSync(join(b.dir, 'second.jsonl'), 'utf8')
    expect(first).toMatch(/"personId":"per_[0-9a-f]{24}"/)
    expect(second).not.toBe(first)
    expect(withoutIds(second)).toBe(withoutIds(first))
    // Owner-only, like the database: the file holds the team's leads.
    expect(statSync(join(b.dir, 'second.jsonl')).mode & 0o777).toBe(0o600)
  })

  test('CSV by default, with the filters applied', async () => {
    await ok(a, ['signals', 'import', '--team', 'acme', a.file('in.jsonl', hostileFile())])
    const csv = await ok(a, ['signals', 'export', '--team', 'acme', '--platform', 'reddit', '--min-score', '7'])
    const [header, ...records] = parseCsv(csv)
    expect(header.slice(0, 2)).toEqual(['id', 'postId'])
    const want = hostileSignals('x').filter((s) => s.platform === 'reddit' && s.score >= 7)
    expect(records.map((r) => r[1])).toEqual(want.map((s) => s.postId))
    const since = await ok(a, ['signals', 'export', '--team', 'acme', '--since', '2026-10-10', '--keyword', 'CRM'])
    expect(parseCsv(since)).toHaveLength(1 + hostileSignals('x').filter((s) => s.publishedAt >= '2026-10-10').length)
  })

  test('JSON Lines of no signal: nothing on standard output, and a line on stderr that says why', async () => {
    const r = await runCli(a, ['signals', 'export', '--team', 'acme', '--format', 'jsonl'])
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: 'signals export: no signal matched; nothing was written\n' })
    await ok(a, ['signals', 'import', '--team', 'acme', a.file('in.jsonl', hostileFile())])
    const some = await runCli(a, ['signals', 'export', '--team', 'acme', '--format', 'jsonl'])
    expect(some.stderr).toBe('')
    expect(some.stdout.trim().split('\n')).toHaveLength(hostileSignals('x').length)
  })

  test('bad input exits 2 with one line and writes nothing', async () => {
    const cases: [string[], string][] = [
      [['--format', 'xml'], '--format must be csv or jsonl'],
      [['--min-score', '11'], '--min-score must be a number from 0 to 10'],
      [['--since', 'last week'], '--since must be an ISO 8601 date'],
      [['--intent', 'BUYING'], '--intent'],
      [['--limit', '5'], 'unknown option "--limit"'],
      [['--out', 'no/such/dir/x.csv'], 'cannot write "no/such/dir/x.csv": no such directory'],
    ]
    for (const [flags, message] of cases) {
      const r = await runCli(a, ['signals', 'export', '--team', 'acme', ...flags])
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toContain(message)
    }
    const missing = await runCli(a, ['signals', 'export', '--format', 'csv'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--team is required')
  })
})
