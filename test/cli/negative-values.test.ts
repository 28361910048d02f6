// `--credits -5` was refused with "write --credits=-5", and that, written, was refused again: credits are 0 or more.
// A negative number after an option is its value (no option starts with a digit), so the refusal is the option's own,
// the one that says what it takes (docs/operations.md#command-line).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, dump, MANY_PROCESSES_MS, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
})
afterAll(() => ws.cleanup())

const line = (text: string) => ({ code: 2, stdout: '', stderr: `lead-signals: ${text}\n` })

describe('an option given a negative number', () => {
  test.each([
    [
      ['team', 'create', '--name', 'beta', '--plan', 'growth', '--credits', '-5'],
      '--credits must be a whole number, 0 or more',
    ],
    [['team', 'set', '--team', 'acme', '--credits', '-1'], '--credits must be a whole number, 0 or more'],
    [['signals', 'export', '--team', 'acme', '--min-score', '-1'], '--min-score must be a number from 0 to 10'],
    [
      ['webhook', 'add', '--team', 'acme', '--url', 'https://example.com/in', '--min-score', '-0.5'],
      '--min-score must be a number from 0 to 10',
    ],
  ])(
    '%p is refused with what the option takes, as with the value joined to it',
    async (args, said) => {
      const before = await dump(ws)
      const r = await runCli(ws, args)
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual(line(said))
      expect(await dump(ws)).toEqual(before)
    },
    MANY_PROCESSES_MS,
  )

  test(
    'a value that starts with a dash and is no number still gets the joined form',
    async () => {
      const r = await runCli(ws, ['icp', 'add', '--team', 'acme', '--name', 'x', '--description', '- a list item'])
      expect(r.stderr).toBe(
        `lead-signals: --description takes a value, and "- a list item" starts with "-", which reads as an option: write '--description=- a list item'\n`,
      )
    },
    MANY_PROCESSES_MS,
  )
})
