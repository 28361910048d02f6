import { beforeEach, describe, expect, test } from 'bun:test'
import { closeSync, lstatSync, openSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { hostileImportFile, hostileSignals, parseCsv } from '../support/exports'
import { cleanEnv, ok, query, runCli, type Workspace } from './run-cli'
import { acmeAndBravo } from './two-teams'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')

// Each test on two databases of its own, holding team acme and team bravo (two-teams.ts).
const teams = acmeAndBravo()
let a: Workspace
let b: Workspace
beforeEach(() => {
  ;({ a, b } = teams)
})

const hostileFile = () => hostileImportFile('acme', 'id')

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
    // RFC 3339's space between date and time, as the import takes it (docs/api.md#signals).
    const spaced = ['--since', '2026-10-10 00:00:00Z', '--keyword', 'CRM']
    expect(await ok(a, ['signals', 'export', '--team', 'acme', ...spaced])).toBe(since)
  })

  // A new team's first export (the README's, after a poll that found nothing) said "no signal matched", as if a
  // filter had left them out: it has none yet, and polling is what brings them.
  test('JSON Lines of no signal: nothing on standard output, and a line on stderr that says why', async () => {
    const empty = ['signals', 'export', '--team', 'acme', '--format', 'jsonl']
    const r = await runCli(a, empty)
    expect(r).toMatchObject({ code: 0, stdout: '' })
    const noSignals = 'signals export: team "acme" has no signals yet, so nothing was written; lead-signals'
    expect(r.stderr).toBe(`${noSignals} keyword add --team acme "KEYWORD" says what to search for\n`)
    await ok(a, ['keyword', 'add', '--team', 'acme', 'crm'])
    const tracking = await runCli(a, empty)
    expect(tracking.stderr).toBe(`${noSignals} poll --once --team acme searches its keywords now\n`)
    await ok(a, ['signals', 'import', '--team', 'acme', a.file('in.jsonl', hostileFile())])
    const none = await runCli(a, ['signals', 'export', '--team', 'acme', '--format', 'jsonl', '--min-score', '10'])
    expect(none).toMatchObject({
      code: 0,
      stdout: '',
      stderr: 'signals export: no signal matched; nothing was written\n',
    })
    const some = await runCli(a, ['signals', 'export', '--team', 'acme', '--format', 'jsonl'])
    expect(some.stderr).toBe('')
    expect(some.stdout.trim().split('\n')).toHaveLength(hostileSignals('x').length)
  })

  // The API's export takes include=dismissed; the command had no way to, so a team moved with it lost every signal
  // it had judged not relevant (docs/operations.md#exporting-signals).
  test('--include dismissed adds the signals judged not relevant; any other value exits 2', async () => {
    await ok(a, ['signals', 'import', '--team', 'acme', a.file('in.jsonl', hostileFile())])
    const [first] = (await query(a, 'select id from signals order by rowid limit 1')) as { id: string }[]
    await query(a, 'update signals set dismissed = 1 where id = ?', [first.id])
    const count = async (flags: string[]) =>
      (await ok(a, ['signals', 'export', '--team', 'acme', '--format', 'jsonl', ...flags])).trim().split('\n').length
    expect(await count([])).toBe(hostileSignals('x').length - 1)
    expect(await count(['--include', 'dismissed'])).toBe(hostileSignals('x').length)
    const bad = await runCli(a, ['signals', 'export', '--team', 'acme', '--include', 'muted'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toStartWith('lead-signals: --include ')
  })

  test('bad input exits 2 with one line and writes nothing', async () => {
    const cases: [string[], string][] = [
      [['--format', 'xml'], '--format must be csv or jsonl'],
      [['--min-score', '11'], '--min-score must be a number from 0 to 10'],
      // With the form to write, not only its name.
      [
        ['--since', 'last week'],
        '--since must be an ISO 8601 date or date-time with a time zone, such as 2026-11-01 or 2026-11-01T09:00:00Z\n',
      ],
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

describe('signals export where its output goes (docs/operations.md#exporting-signals)', () => {
  // Run as root, `--out /dev/null --force` removed /dev/null: --force removes what it replaces.
  test('--out naming a device or a pipe is refused, with or without --force, and it stays as it was', async () => {
    const fifo = join(a.dir, 'pipe')
    expect(Bun.spawnSync(['mkfifo', fifo]).exitCode).toBe(0)
    for (const force of [[], ['--force']]) {
      const r = await runCli(a, ['signals', 'export', '--team', 'acme', '--out', 'pipe', ...force])
      expect(r).toMatchObject({ code: 2, stdout: '' })
      expect(r.stderr).toBe(
        'lead-signals: cannot write "pipe": it is not a file (a device or a pipe); without --out the export goes to standard output\n',
      )
      expect(lstatSync(fifo).isFIFO()).toBe(true)
    }
  })

  /** The CLI with its standard output given, and its exit status and standard error. */
  const exportTo = async (stdout: number | 'pipe', read?: (out: ReadableStream<Uint8Array>) => Promise<void>) => {
    const proc = Bun.spawn([process.execPath, MAIN, 'signals', 'export', '--team', 'acme'], {
      cwd: a.dir,
      env: { ...cleanEnv(), LEAD_SIGNALS_DATABASE_URL: a.dbUrl },
      stdin: 'ignore',
      stdout,
      stderr: 'pipe',
    })
    if (read) await read(proc.stdout as ReadableStream<Uint8Array>)
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited])
    return { code, stderr }
  }

  test('a full disk under standard output is one line and exit 1; a reader that stops early (| head) is no error', async () => {
    // Enough to fill a pipe several times over: 300 signals of 4,000 characters.
    const lines = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify({
        postId: `p${i}`,
        ...{ author: 'dana', platform: 'reddit', intent: 'ACTIVE', score: 8, reason: 'asks', keyword: 'crm' },
        ...{ content: 'x'.repeat(4000), url: `https://reddit.com/r/x/${i}`, publishedAt: '2026-11-01T10:00:00Z' },
      }),
    )
    await ok(a, ['signals', 'import', '--team', 'acme', a.file('in.jsonl', lines.join('\n'))])
    const full = openSync('/dev/full', 'w')
    try {
      expect(await exportTo(full)).toEqual({
        code: 1,
        stderr: 'lead-signals: cannot write standard output: no space left on device\n',
      })
    } finally {
      closeSync(full)
    }
    const head = await exportTo('pipe', async (out) => {
      const reader = out.getReader()
      await reader.read()
      await reader.cancel()
    })
    expect(head.code).toBe(0)
    expect(head.stderr).not.toContain('command_failed')
  })
})
