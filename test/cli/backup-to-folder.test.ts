import { afterEach, beforeEach, expect, test, setDefaultTimeout } from 'bun:test'
import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createWorkspace, ok, runCli, type Workspace, MANY_PROCESSES_MS } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

let ws: Workspace
beforeEach(() => {
  ws = createWorkspace()
})
afterEach(() => ws.cleanup())

// docs/operations.md#backups-and-restore: `backup --to` names a file. A folder there was refused as "the file (--to)
// already exists; give a new file name", which sent the operator looking for a file that was never there.
test('backup --to an existing folder says it is a folder and to name a file in it; nothing is written', async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  mkdirSync(join(ws.dir, 'backups'))
  for (const to of ['backups', 'backups/']) {
    const r = await runCli(ws, ['backup', '--to', to])
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'lead-signals: backup: the file (--to) is a folder; give a new file name in it, as FOLDER/lead-signals.db\n',
    })
  }
  expect(readdirSync(join(ws.dir, 'backups'))).toEqual([])
})
