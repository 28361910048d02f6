import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeLibsqlServer } from '../support/fake-libsql-server'
import { createWorkspace, runCli, type Workspace } from './run-cli'

// `database.url` on a libSQL server: every command that opens the database fails with one line naming the setting
// to fix and the host, never the token.

const TOKEN = 'right-token'
let ws: Workspace
let server: ReturnType<typeof startFakeLibsqlServer>
beforeAll(() => {
  ws = createWorkspace()
  ws.file('s.jsonl', '\n')
  server = startFakeLibsqlServer({ authToken: TOKEN })
})
afterAll(() => {
  server.stop()
  ws.cleanup()
})

const COMMANDS = [
  ['serve'],
  ['migrate'],
  ['team', 'list'],
  ['keyword', 'list', '--team', 'acme'],
  ['signals', 'import', '--team', 'acme', 's.jsonl'],
  ['poll', '--once'],
]

async function expectOneLine(args: string[], env: Record<string, string>, code: number, line: string) {
  const r = await runCli(ws, args, { env })
  expect({ args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
    args,
    code,
    stdout: '',
    stderr: `lead-signals: ${line}\n`,
  })
}

describe('a libSQL server that cannot be used', () => {
  test.each(COMMANDS)('refused connection: %s … names database.url and the host', async (...args) => {
    await expectOneLine(
      args,
      { LEAD_SIGNALS_DATABASE_URL: 'http://127.0.0.1:1' },
      1,
      'database.url: cannot reach the libSQL server at 127.0.0.1:1 (connection refused)',
    )
  })

  test.each(COMMANDS)('wrong token: %s … names database.auth_token, not the token', async (...args) => {
    const host = new URL(server.url).host
    await expectOneLine(
      args,
      { LEAD_SIGNALS_DATABASE_URL: server.url, LEAD_SIGNALS_DATABASE_AUTH_TOKEN: 'wrong-secret' },
      1,
      `database.auth_token: the libSQL server at ${host} refused the token (HTTP 401)`,
    )
  })

  test('a token with a line break or a non-ASCII character: exit 2, the token not shown', async () => {
    for (const token of ['secret\nmore', 'sécret']) {
      await expectOneLine(
        ['team', 'list'],
        { LEAD_SIGNALS_DATABASE_URL: server.url, LEAD_SIGNALS_DATABASE_AUTH_TOKEN: token },
        2,
        'database.auth_token: not a usable token (it must be one line of printable ASCII, no spaces)',
      )
    }
  })

  test('the right token works', async () => {
    const r = await runCli(ws, ['team', 'list'], {
      env: { LEAD_SIGNALS_DATABASE_URL: server.url, LEAD_SIGNALS_DATABASE_AUTH_TOKEN: TOKEN },
    })
    expect(r.code).toBe(0)
  })
})

// docs/operations.md#running-it: a database file that cannot be opened is named by its setting, in one line.
describe('a database file that cannot be opened', () => {
  test.each(COMMANDS)('database.url naming a directory: %s … one line, not the path', async (...args) => {
    mkdirSync(join(ws.dir, 'data'), { recursive: true })
    await expectOneLine(
      args,
      { LEAD_SIGNALS_DATABASE_URL: `file:${join(ws.dir, 'data')}` },
      1,
      'cannot write the database (database.url): it is a folder, not a file',
    )
  })
})
