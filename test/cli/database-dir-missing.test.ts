// docs/operations.md#running-it: a new database whose directory does not exist, under a directory the user the command
// runs as may not write (the README's first commands run in a folder of someone else's, which holds no ./data yet), was
// said as "permission denied on its directory (owner uid 0, mode 0755)": a directory that was not there, with the
// owner and mode of another, so the user looked for ./data and found nothing to chown. The line now says that its
// directory does not exist and that the one above it, whose owner and mode it gives, does not let this user create it.
import { afterAll, afterEach, beforeAll, expect, test } from 'bun:test'
import { chmodSync, existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { AS, builtForNobody, ROOT, UID } from '../support/run-as-nobody'
import { createWorkspace, MANY_PROCESSES_MS, runCli, type Workspace } from './run-cli'

const nobody = builtForNobody()
beforeAll(() => nobody.build(), 120_000)
afterAll(() => nobody.remove())

let ws: Workspace
afterEach(() => ws.cleanup())

const ownerOf = (path: string) => {
  const s = statSync(path)
  return `(owner uid ${s.uid}, mode ${(s.mode & 0o777).toString(8).padStart(4, '0')}) for uid ${UID}`
}

test(
  'serve and team create in a folder the user may not write: its directory does not exist, the one above refuses',
  async () => {
    ws = createWorkspace()
    // Not root: a folder its owner may not write either.
    chmodSync(ws.dir, ROOT ? 0o755 : 0o555)
    for (const url of ['file:./data/lead-signals.db', `file:${ws.dir}/one/two/new.db`])
      for (const args of [['serve'], ['team', 'create', '--name', 'acme', '--plan', 'growth']]) {
        const r = await runCli(ws, args, {
          as: AS,
          executable: nobody.executable(),
          env: { LEAD_SIGNALS_DATABASE_URL: url, LEAD_SIGNALS_SERVER_PORT: '0' },
          timeoutMs: 30_000,
        })
        expect({ url, args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
          url,
          args,
          code: 1,
          stdout: '',
          stderr:
            'lead-signals: cannot use the database (database.url): its directory does not exist, and permission is ' +
            `denied on the nearest one above it that does ${ownerOf(ws.dir)}, the user this runs as: ` +
            'create its directory for this user (mkdir, then chown), or run lead-signals as that owner\n',
        })
      }
    expect(existsSync(join(ws.dir, 'data'))).toBe(false)
    chmodSync(ws.dir, 0o755)
  },
  MANY_PROCESSES_MS,
)
