// Issue 33 item 9: every command answers --help (poll and serve were errors), and a mistyped command gets a
// "did you mean" (docs/operations.md#command-line).
import { afterAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createWorkspace, runCli, MANY_PROCESSES_MS } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

const ws = createWorkspace()
afterAll(() => ws.cleanup())

describe('the command line', () => {
  // Named as the command is typed, as each group's commands are ("usage: lead-signals keyword add ..."): serve, poll
  // and migrate showed their line of the full usage without the executable's name.
  test('poll, serve and migrate --help print their usage, named as typed, and exit 0', async () => {
    for (const [name, shows] of [
      ['poll', '--once'],
      ['serve', '--demo'],
      ['migrate', 'migrate'],
    ] as const) {
      const r = await runCli(ws, [name, '--help'])
      expect(r.code).toBe(0)
      expect(r.stdout).toStartWith(`usage: lead-signals ${name}`)
      expect(r.stdout).toContain(shows)
    }
  })

  // "people forget" had its description one column left of every other line's in --help.
  test('--help starts every description that follows a short command in one column', async () => {
    const lines = (await runCli(ws, ['--help'])).stdout.split('\n')
    const column = (lines.find((l) => l.startsWith('  serve ')) as string).indexOf('migrate, then serve HTTP')
    // A description after a command too long for the column (icp add) starts further right, as it must.
    const misplaced = lines.filter((l) => {
      const start = (/^ {2}\S.*? {2,}\S/.exec(l)?.[0].length ?? 0) - 1
      return start > 0 && start <= column + 1 && start !== column
    })
    expect(misplaced).toEqual([])
  })

  test('a typo names the command it most likely meant; something far from every command does not', async () => {
    const typo = await runCli(ws, ['tema', 'list'])
    expect(typo.code).toBe(2)
    expect(typo.stderr).toContain('did you mean "team"?')
    const far = await runCli(ws, ['zzzzzzzz'])
    expect(far.code).toBe(2)
    expect(far.stderr).not.toContain('did you mean')
  })

  test('an unknown option names the one it most likely meant, else the options the command takes, and changes nothing', async () => {
    const cases: [string[], string][] = [
      [['poll', '--onec'], 'unknown option "--onec"; did you mean "--once"? see "lead-signals poll --help"'],
      [['team', 'list', '--jsn'], 'unknown option "--jsn"; did you mean "--json"? see "lead-signals team list --help"'],
      [
        ['keyword', 'add', '--tema', 'acme', 'crm'],
        'unknown option "--tema"; did you mean "--team"? see "lead-signals keyword add --help"',
      ],
      // Two dashes are never a query's exclusion: an option this command does not take.
      [
        ['keyword', 'add', '--team', 'acme', 'crm', '--json'],
        'unknown option "--json"; the options are --team, --config; see "lead-signals keyword add --help"',
      ],
      [
        ['team', 'list', '-x'],
        'unknown option "-x"; the options are --json, --config; see "lead-signals team list --help"',
      ],
      [
        ['serve', '--port', '9000'],
        'unknown option "--port"; set server.port in the configuration file, or LEAD_SIGNALS_SERVER_PORT in the environment; see "lead-signals serve --help"',
      ],
    ]
    for (const [argv, message] of cases) {
      const r = await runCli(ws, argv)
      expect({ argv, code: r.code, stderr: r.stderr.trim() }).toEqual({
        argv,
        code: 2,
        stderr: `lead-signals: ${message}`,
      })
    }
    // Refused before the database is opened: none was created.
    expect(existsSync(join(ws.dir, 'test.db'))).toBe(false)
  })

  test('a value starting with a dash says how to write it, not that the option is ambiguous', async () => {
    // docs/operations.md#command-line: a failure is one line that says what to do. The option parser reads
    // "--credits -1" as --credits followed by an option, and its own first line named no way out. A negative number
    // is the option's value, refused by its own check (test/cli/negative-values.test.ts).
    const cases: [string[], string][] = [
      [['team', 'set', '--team', 'acme', '--credits', '-1'], '--credits must be a whole number, 0 or more'],
      [
        ['icp', 'add', '--team', 'acme', '--name', 'x', '--description', '-a list item'],
        "'--description=-a list item'",
      ],
    ]
    for (const [argv, hint] of cases) {
      const r = await runCli(ws, argv)
      expect({ argv, code: r.code }).toEqual({ argv, code: 2 })
      expect(r.stderr).not.toContain('ambiguous')
      expect(r.stderr).toContain(hint)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
    }
    expect(existsSync(join(ws.dir, 'test.db'))).toBe(false)
  })
})
