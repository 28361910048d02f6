// docs/operations.md#database-settings: a database.url of "file:" with no path (LEAD_SIGNALS_DATABASE_URL=file:$DB with
// $DB unset, as a compose file or a shell passes it) passed the configuration check, and serve and team create then
// stopped with exit 1 and the file system's word, command_failed "ENOENT: no such file or directory, open", naming no
// setting. It is now refused at start-up as a bad value, exit 2, naming the setting and how to write it.
import { afterAll, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { createWorkspace, MANY_PROCESSES_MS, runCli } from './run-cli'

const ws = createWorkspace()
afterAll(() => ws.cleanup())

const URLS = ['file:', 'file:?mode=ro', 'file://', 'file://localhost']

test(
  'a file: address without a path stops every command with exit 2, naming database.url, creating nothing',
  async () => {
    for (const url of URLS)
      for (const args of [['serve'], ['team', 'create', '--name', 'acme', '--plan', 'growth']]) {
        const r = await runCli(ws, args, { env: { LEAD_SIGNALS_DATABASE_URL: url }, timeoutMs: 20_000 })
        expect({ url, args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
          url,
          args,
          code: 2,
          stdout: '',
          stderr:
            'lead-signals: config: database.url (from LEAD_SIGNALS_DATABASE_URL): a file: address needs the path of ' +
            'the database file, such as file:./data/lead-signals.db\n',
        })
      }
    expect(readdirSync(ws.dir)).toEqual([])
  },
  MANY_PROCESSES_MS,
)
