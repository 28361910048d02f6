// docs/operations.md#command-line: a word a command does not take (an option, a subcommand, an argument) is refused in
// one line that names it and the --help to read, exit 2. The line named the word but not the help: `lead-signals team
// frob` listed team's command names, and `team create --frob` the option names, with no way to what they do.
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createWorkspace, MANY_PROCESSES_MS, runCli } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)
const ws = createWorkspace()
afterAll(() => ws.cleanup())

describe('a word a command does not take', () => {
  for (const [args, named, help] of [
    [['team', 'create', '--frob'], '"--frob"', 'team create'],
    [['scorer', 'check', '--nope'], '"--nope"', 'scorer check'],
    [['webhook', 'list', '--team', 'x', '--frob'], '"--frob"', 'webhook list'],
    [['serve', '--frob'], '"--frob"', 'serve'],
    [['migrate', '--frob'], '"--frob"', 'migrate'],
    [['team', 'frob'], '"frob"', 'team'],
    [['team'], 'give a command', 'team'],
    [['keyword', 'lists', '--team', 'x'], '"lists"', 'keyword'],
    [['team', 'list', 'extra'], '"extra"', 'team list'],
    [['backup', '--to', 'b.db', 'extra'], '"extra"', 'backup'],
  ] as const)
    test(`${args.join(' ')}: one line naming it and "lead-signals ${help} --help", exit 2`, async () => {
      const r = await runCli(ws, [...args])
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' })
      const lines = r.stderr.trimEnd().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toStartWith('lead-signals: ')
      expect(lines[0]).toContain(named)
      expect(lines[0]).toEndWith(`see "lead-signals ${help} --help"`)
    })
})

test('the help it names is there: exit 0, the usage of that command', async () => {
  const r = await runCli(ws, ['team', 'create', '--help'])
  expect(r.code).toBe(0)
  expect(r.stdout).toStartWith('usage: lead-signals team create')
})
