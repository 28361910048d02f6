// Issue 33 item 9: `lead-signals --config x.toml team list` was refused as the unknown command "--config"; an option
// every command takes may come before the command (docs/operations.md#command-line).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, runCli } from './run-cli'

const ws = createWorkspace()
// The configuration defines a plan of its own, so a command that ignored --config would not know it.
beforeAll(() => ws.file('other.toml', '[plans.special]\nmonthly_requests = 5\n'))
afterAll(() => ws.cleanup())

describe('options before the command', () => {
  test("--config FILE and --config=FILE before the command are that command's --config", async () => {
    const without = await runCli(ws, ['team', 'create', '--name', 'one', '--plan', 'special'])
    expect(without.code).toBe(2)
    await ok(ws, ['--config', 'other.toml', 'team', 'create', '--name', 'one', '--plan', 'special'])
    await ok(ws, ['--config=other.toml', 'team', 'create', '--name', 'two', '--plan', 'special'])
    const teams = JSON.parse(await ok(ws, ['--config', 'other.toml', 'team', 'list', '--json'])) as { plan: string }[]
    expect(teams.map((t) => t.plan)).toEqual(['special', 'special'])
  })

  test('--help and --version may follow them', async () => {
    const help = await runCli(ws, ['--config', 'other.toml', '--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('usage: lead-signals')
    const group = await runCli(ws, ['--config', 'other.toml', 'team', '--help'])
    expect(group.code).toBe(0)
    expect(group.stdout).toContain('team create')
    const version = await runCli(ws, ['--config=other.toml', '--version'])
    expect(version.code).toBe(0)
    expect(version.stdout).toStartWith('lead-signals ')
    const versionHelp = await runCli(ws, ['--version', '--help'])
    expect(versionHelp.code).toBe(0)
    expect(versionHelp.stdout).toContain('usage: lead-signals')
  })

  test('an option no command takes before the command, a missing file name, or --config twice is one clear line', async () => {
    const cases: [string[], string][] = [
      [['--json', 'team', 'list'], 'only --config FILE may come before the command'],
      [['--config'], '--config is given without a value: write --config FILE'],
      [['--config', 'other.toml'], 'give a command after --config'],
      [['--config', 'other.toml', 'team', 'list', '--config', 'other.toml'], '--config is given twice'],
    ]
    for (const [args, message] of cases) {
      const r = await runCli(ws, args)
      expect(r.code).toBe(2)
      expect(r.stderr).toContain(message)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
    }
  })
  // "lead-signals --hepl" answered that only --config may come before the command: true, and no help to someone who
  // meant --help. A near miss of the options that may stand first names the one meant, as a misspelt command does.
  test('a misspelt --help, --version or --config first is named as the option meant', async () => {
    const cases: [string[], string][] = [
      [['--hepl'], 'lead-signals: unknown option "--hepl"; did you mean "--help"?\n'],
      [['--verison'], 'lead-signals: unknown option "--verison"; did you mean "--version"?\n'],
      [['--confg', 'other.toml', 'team', 'list'], 'lead-signals: unknown option "--confg"; did you mean "--config"?\n'],
    ]
    for (const [args, message] of cases) {
      const r = await runCli(ws, args)
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 2, stdout: '', stderr: message })
    }
  })
})
