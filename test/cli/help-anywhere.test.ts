// docs/operations.md#command-line: every command answers --help. A group's commands did wherever it stood (`team
// create --name x --help`), but serve, migrate, backup, restore, poll and mcp only as their first word:
// `backup --to x --help` was refused as 'unknown option "--help"', exit 2, on the one option every command takes.
import { afterAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
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
