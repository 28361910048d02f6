// A refusal repeated what was typed whole: a team, a plan, a command or an option of 10,000 characters (a paste gone
// wrong, a file's content in a variable) came back as a failure line of 10,000 characters, which buried the reason
// and the hint after it. A failure line now cuts a word at 200 characters with "…", as the API cuts what it echoes at
// 60 (docs/operations.md#command-line), and the line as a whole at 1,000 however many words the value holds.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createWorkspace, MANY_PROCESSES_MS, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
})
afterAll(() => ws.cleanup())

const LONG = 'a'.repeat(10_000)
const SHOWN = `${'a'.repeat(199)}…`
// The same length as words, which no cut of long words alone bounds.
const WORDS = 'word '.repeat(2_000).trim()

test(
  'a failure line shows a long value typed by the user cut to 200 characters, with the reason and hint whole',
  async () => {
    const cases: [string[], string][] = [
      [[LONG], `unknown command "${SHOWN}"; `],
      [['team', 'set', '--team', LONG, '--plan', 'growth'], `no team with id or name "${SHOWN}"`],
      [['team', 'create', '--name', 'beta', '--plan', LONG], `unknown plan "${SHOWN}"; plans: `],
      [['oauth-client', 'remove', LONG], `no OAuth client ${SHOWN}`],
      [['signals', 'export', '--team', 'acme', `--${LONG}`], `unknown option "--${'a'.repeat(197)}…"`],
    ]
    for (const [args, said] of cases) {
      const r = await runCli(ws, args)
      expect({ code: r.code, stdout: r.stdout, lines: r.stderr.split('\n').length }).toEqual({
        code: r.code === 1 ? 1 : 2,
        stdout: '',
        lines: 2,
      })
      expect(r.stderr).toContain(said)
      expect(r.stderr.length).toBeLessThan(800)
    }
  },
  MANY_PROCESSES_MS,
)

test(
  'a value of many words does not make the failure line as long as it is',
  async () => {
    const r = await runCli(ws, ['team', 'set', '--team', WORDS, '--plan', 'growth'])
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' })
    expect(r.stderr).toStartWith('lead-signals: no team with id or name "word word')
    expect(r.stderr.length).toBeLessThan(1_100)
  },
  MANY_PROCESSES_MS,
)
