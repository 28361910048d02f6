// A backup is any SQLite file that passes checkFile, so its tables' names are whatever it holds: restore recreated
// them with each name put between double quotes as it was, and a name with a double quote in it broke that SQL
// (a raw SQLITE_ERROR log line; nothing changed, but the backup could not be restored).
import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { join } from 'node:path'
import Database from 'libsql'
import { createWorkspace, ok, query, runCli, MANY_PROCESSES_MS } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  await ok(ws, ['backup', '--to', 'odd-names.db'])
  const copy = new Database(join(ws.dir, 'odd-names.db'))
  copy.exec(`CREATE TABLE "notes ""kept"" aside" (body TEXT); INSERT INTO "notes ""kept"" aside" VALUES ('kept')`)
  copy.close()
})
afterAll(() => ws.cleanup())

describe('restore of a backup holding a table whose name has a double quote', () => {
  test('restores it with its rows, beside the teams', async () => {
    const r = await runCli(ws, ['restore', '--from', 'odd-names.db'])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(await query(ws, 'SELECT body FROM "notes ""kept"" aside"')).toEqual([{ body: 'kept' }])
    expect(await query(ws, 'SELECT name FROM teams')).toEqual([{ name: 'acme' }])
  })
})
