import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { createLogger } from '../../src/lib/log'
import { startScheduler } from '../../src/jobs/scheduler'
import { seedTeam, testDeps } from '../support/deps'

const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

// docs/operations.md#logs: a job's failure says why in words. A scheduled backup first takes its lease, a write; with
// another process holding the write lock past the wait (an import in its batch on a loaded host), the lease's query
// failed with the lock wait's own error inside the query builder's, and the line said only "a query failed".
describe('a scheduled backup that meets the write lock held past the wait', () => {
  test('fails with a job_failed line saying the database stayed locked, not that a query failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-backup-locked-'))
    const file = join(dir, 'db.db')
    const lines: string[] = []
    const { deps } = await testDeps({
      config: { database: { url: `file:${file}` }, backup: { schedule: '* * * * * *', dir: join(dir, 'backups') } },
      deps: { log: createLogger((l) => lines.push(l)) },
    })
    cleanup.push(() => {
      deps.database.client.close()
      rmSync(dir, { recursive: true, force: true })
    })
    await seedTeam(deps)
    const other = new Database(file)
    other.exec('BEGIN IMMEDIATE')
    cleanup.push(() => other.close())
    cleanup.push(() => other.exec('ROLLBACK'))
    const scheduler = startScheduler(deps)
    cleanup.push(() => scheduler.stop())
    const failed = () => lines.find((l) => l.includes('"job_failed"') && l.includes('"job":"backup"'))
    const deadline = Date.now() + 20_000
    while (!failed() && Date.now() < deadline) await Bun.sleep(50)
    expect(JSON.parse(failed() ?? '{}').err).toBe(
      'the database stayed locked by another writer for 5 s; nothing was changed, try again',
    )
  }, 30_000)
})
