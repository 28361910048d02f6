// docs/operations.md#backups-and-restore: restore copies the backup in one transaction, then rewrites the file
// (VACUUM). The engine is built to keep its temporary files in memory (SQLITE_TEMP_STORE=2): the copy's statement
// journal, which holds the pages the replaced tables freed, and the VACUUM's whole temporary copy of the database.
// A restore of a 344 MB backup over a database as large peaked at 446 MB (408 MB in the engine alone, 47 MB with its
// temporary files on disk): a backup larger than the machine's memory could not be restored at all.
import { afterAll, beforeAll, expect, test, setDefaultTimeout } from 'bun:test'
import { spawnChild } from '../process/child'
import { releaseOurConnections } from '../support/release-connections'
import { createWorkspace, ok, query, MANY_PROCESSES_MS } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

const BALLAST_MB = 120
const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  await query(ws, 'CREATE TABLE ballast (b BLOB)')
  for (let i = 0; i < BALLAST_MB / 10; i++)
    await query(
      ws,
      'INSERT INTO ballast SELECT randomblob(1000) FROM (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10000) SELECT x FROM n)',
    )
  await ok(ws, ['backup', '--to', 'big.db'])
})
afterAll(() => ws.cleanup())

/**
 * The highest resident memory of process `pid` so far (Linux's VmHWM, kept by its address space, so any reading after
 * the peak shows it), in MB; 0 once it has gone. Not the exit's rusage: Linux starts a child's maxrss at the memory
 * of the process it was started from, this test process, which holds more after other files ran in it.
 */
async function highWaterMb(pid: number) {
  const status = await Bun.file(`/proc/${pid}/status`)
    .text()
    .catch(() => '')
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]
  return kb ? Math.round(Number(kb) / 1000) : 0
}

/** `restore --from FILE` in a process of its own: its output and its peak resident memory, read while it runs. */
async function restore(from: string) {
  const config = ws.file('db.toml', `[database]\nurl = "${ws.dbUrl}"\n`)
  // The ballast was written through this process's own connections: only another process may hold the file now.
  await releaseOurConnections(ws.dbUrl)
  const child = spawnChild({ ...ws, configArgs: ['--config', config] }, ['restore', '--from', from])
  let peakMb = 0
  let running = true
  const code = child.exited().finally(() => {
    running = false
  })
  while (running) {
    peakMb = Math.max(peakMb, await highWaterMb(child.proc.pid))
    await Bun.sleep(10)
  }
  return { code: await code, stdout: child.stdout(), stderr: child.stderr(), peakMb }
}

test('a restore over a database as large holds far less memory than the backup is large', async () => {
  const r = await restore('big.db')
  expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
    code: 0,
    stdout: 'database restored; the next start applies any migrations this version adds\n',
    stderr: '',
  })
  expect(await query(ws, 'SELECT count(*) AS n FROM ballast')).toEqual([{ n: BALLAST_MB * 1000 }])
  // The command itself (the runtime, the configuration) takes some 50-90 MB whatever the backup's size.
  expect(r.peakMb).toBeGreaterThan(0)
  expect(r.peakMb).toBeLessThan(BALLAST_MB)
})
