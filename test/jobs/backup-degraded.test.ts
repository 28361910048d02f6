import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scheduledBackup } from '../../src/jobs/backups'
import { client } from '../support/http'
import { recordingLogger } from '../support/log'
import { seedTeam, testDeps } from '../support/deps'

// docs/operations.md#a-job-that-hangs: scheduled backups that failed at every run (backup.dir not writable, a full
// disk) said so only as a job_failed line each time; /readyz, which monitors read, said ready and nothing more.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

describe('scheduled backups that fail', () => {
  test('are named as degraded on /readyz past 5 minutes, which stays 200, until one is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-backup-degraded-'))
    const backups = join(dir, 'backups')
    // A file stands where the backup folder should be: every backup fails.
    writeFileSync(backups, 'not a folder')
    const r = recordingLogger()
    const { deps, clock } = await testDeps({
      config: { database: { url: `file:${join(dir, 'db.db')}` }, backup: { dir: backups } },
      deps: { log: r.log },
    })
    cleanup.push(() => {
      deps.database.client.close()
      rmSync(dir, { recursive: true, force: true })
    })
    await seedTeam(deps)
    const start = clock.now()
    const degraded = async () => {
      const ready = await client(deps)('GET', '/readyz')
      expect(ready.status).toBe(200)
      return ready.body.degraded
    }

    await expect(scheduledBackup(deps)).rejects.toThrow()
    expect(await degraded()).toBeUndefined()
    clock.set(new Date(start.getTime() + 6 * 60_000))
    await expect(scheduledBackup(deps)).rejects.toThrow()
    const [said, ...more] = (await degraded()) as string[]
    expect(more).toEqual([])
    expect(said).toBe(`scheduled backups have failed since ${start.toISOString()}; the log's job_failed lines say why`)
    expect(said).not.toContain(dir)

    rmSync(backups)
    expect(await scheduledBackup(deps)).toMatchObject({ outcome: 'completed' })
    expect(await degraded()).toBeUndefined()
  })
})
