// docs/operations.md#command-line: every command answers --help. A group's commands did wherever it stood (`team
// create --name x --help`), but serve, migrate, backup, restore, poll and mcp only as their first word:
// `backup --to x --help` was refused as 'unknown option "--help"', exit 2, on the one option every command takes.
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createWorkspace, MANY_PROCESSES_MS, runCli } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)
const ws = createWorkspace()
afterAll(() => ws.cleanup())

describe('--help after other options', () => {
  for (const [args, shows] of [
    [['serve', '--demo', '--help'], 'lead-signals serve [--demo]'],
    [['backup', '--to', 'b.db', '--help'], 'lead-signals backup --to FILE'],
    [['restore', '--from', 'b.db', '-h'], 'lead-signals restore --from FILE'],
    [['poll', '--once', '--help'], 'lead-signals poll --once'],
    [['mcp', '--api-key', 'lsk_x', '--help'], 'lead-signals mcp [--api-key KEY]'],
    [['team', 'create', '--name', 'x', '--help'], 'lead-signals team create --name NAME'],
  ] as const)
    test(`${args.join(' ')} prints the usage and exits 0, doing nothing`, async () => {
      const r = await runCli(ws, [...args], { timeoutMs: 30_000 })
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' })
      expect(r.stdout).toStartWith('usage:')
      expect(r.stdout).toContain(shows)
    })
})

// A group's --help ends with the one option every command takes; serve --help, the first a new install reads, did
// not say how to give it a configuration file.
test('every command without subcommands says in its --help that it takes --config FILE, as the groups do', async () => {
  for (const name of ['serve', 'migrate', 'backup', 'restore', 'poll', 'mcp']) {
    const r = await runCli(ws, [name, '--help'])
    expect({ name, end: r.stdout.trimEnd().split('\n').at(-1) }).toEqual({
      name,
      end: 'Every command accepts --config FILE.',
    })
  }
})

// `lead-signals team help` printed team's usage, but `lead-signals help team` the whole list of commands.
test('help COMMAND prints that command’s usage, as COMMAND --help does', async () => {
  for (const name of ['team', 'backup']) {
    const [asked, flagged] = await Promise.all([runCli(ws, ['help', name]), runCli(ws, [name, '--help'])])
    expect(asked).toEqual(flagged)
  }
  expect((await runCli(ws, ['help'])).stdout).toStartWith('usage: lead-signals <command> [options]')
})

// The commands were looked up in plain objects, so a name every object has (constructor, toString) was taken for a
// command: a TypeError logged as command_failed, exit 1, instead of an unknown command (exit 2).
test('a command or subcommand named like a property of every object is unknown, exit 2', async () => {
  for (const args of [['constructor'], ['toString', '--help'], ['team', 'constructor'], ['key', '__proto__']]) {
    const r = await runCli(ws, args)
    expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code: 2, stdout: '' })
    expect(r.stderr).toContain('unknown command')
    expect(r.stderr).not.toContain('command_failed')
  }
})
