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

/**
 * `command` given the folder `backups` (with and without its slash) is refused with `line`, exit 2, nothing written.
 */
async function refusedForFolder(command: 'backup' | 'restore', line: string) {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  mkdirSync(join(ws.dir, 'backups'))
  for (const folder of ['backups', 'backups/']) {
    const r = await runCli(ws, [command, command === 'backup' ? '--to' : '--from', folder])
    expect(r).toEqual({ code: 2, stdout: '', stderr: `lead-signals: ${command}: ${line}\n` })
  }
  expect(readdirSync(join(ws.dir, 'backups'))).toEqual([])
  expect(await ok(ws, ['team', 'list'])).toContain('acme')
}

// docs/operations.md#backups-and-restore: `backup --to` names a file. A folder there was refused as "the file (--to)
// already exists; give a new file name", which sent the operator looking for a file that was never there.
test('backup --to an existing folder says it is a folder and to name a file in it; nothing is written', async () => {
  await refusedForFolder('backup', 'the file (--to) is a folder; give a new file name in it, as FOLDER/lead-signals.db')
})

// The same on the way back: `restore --from backups/` (the scheduled backups' folder) said the folder was "not a
// database file", which read as a damaged backup rather than a folder given for a file.
test('restore --from a folder says it is a folder and to name a backup in it; nothing is changed', async () => {
  await refusedForFolder(
    'restore',
    '--from is not a usable backup: it is a folder; give a backup file in it, as FOLDER/lead-signals.db; nothing was changed',
  )
})
