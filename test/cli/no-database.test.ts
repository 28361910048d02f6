import { describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createWorkspace, ok, runCli } from './run-cli'

// README: "alone in a directory it creates ./data/". The default database is relative to the working directory, so a
// command run from another directory than serve's (or by an MCP client, in its own) finds none there: it says so and
// creates nothing, where it used to create an empty database and then fail on an unknown team or key.
describe('a command run where there is no database yet', () => {
  const DEFAULT_DATABASE = { LEAD_SIGNALS_DATABASE_URL: 'file:./data/lead-signals.db' }
  const NO_DATABASE =
    "lead-signals: no database at ./data/lead-signals.db under the directory this command runs in: run the command where serve runs, or with serve's --config or LEAD_SIGNALS_DATABASE_URL (serve and team create start a new database)"

  test('a command that reads a team refuses, names where it looked and creates no database', async () => {
    const elsewhere = createWorkspace()
    try {
      for (const argv of [
        ['key', 'create', '--team', 'acme'],
        ['team', 'list'],
        ['signals', 'export', '--team', 'acme', '--format', 'jsonl'],
        ['poll', '--once'],
        ['mcp', '--api-key', 'ls_live_nothing'],
      ]) {
        const r = await runCli(elsewhere, argv, { env: DEFAULT_DATABASE })
        expect({ argv, code: r.code, stderr: r.stderr.trimEnd() }).toEqual({ argv, code: 2, stderr: NO_DATABASE })
      }
      expect(existsSync(join(elsewhere.dir, 'data'))).toBe(false)
    } finally {
      elsewhere.cleanup()
    }
  })

  test('team create starts the database, and the commands after it use it', async () => {
    const fresh = createWorkspace()
    try {
      await ok(fresh, ['team', 'create', '--name', 'acme', '--plan', 'growth'], { env: DEFAULT_DATABASE })
      expect(existsSync(join(fresh.dir, 'data', 'lead-signals.db'))).toBe(true)
      const listed = await ok(fresh, ['team', 'list', '--json'], { env: DEFAULT_DATABASE })
      expect(JSON.parse(listed).map((t: { name: string }) => t.name)).toEqual(['acme'])
    } finally {
      fresh.cleanup()
    }
  })

  test('an unknown team in a database with no team says so and names the database the command used', async () => {
    const empty = createWorkspace()
    try {
      await ok(empty, ['migrate'])
      const r = await runCli(empty, ['key', 'create', '--team', 'acme'])
      expect(r.code).toBe(2)
      // LEAD_SIGNALS_DATABASE_URL names the workspace's file: that file is the one named, not the default one.
      expect(r.stderr.trimEnd().split('\n')).toEqual([
        `lead-signals: no team with id or name "acme": the database ${join(empty.dir, 'test.db')} has no team at all: run the command where serve runs, or with serve's --config or LEAD_SIGNALS_DATABASE_URL`,
      ])
      await ok(empty, ['migrate'], { env: DEFAULT_DATABASE })
      const relative = await runCli(empty, ['key', 'create', '--team', 'acme'], { env: DEFAULT_DATABASE })
      expect(relative.stderr.trimEnd()).toBe(
        `lead-signals: no team with id or name "acme": the database ./data/lead-signals.db under the directory this command runs in has no team at all: run the command where serve runs, or with serve's --config or LEAD_SIGNALS_DATABASE_URL`,
      )
    } finally {
      empty.cleanup()
    }
  })
})
