import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scheduledBackup } from '../../src/jobs/backups'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { holdAgainstWriters } from '../support/held-file'

// docs/operations.md#a-job-that-hangs: a scheduled backup whose copy never returned (backup.dir on a network mount
// that stopped answering) was told only by the job_overrun line of each time it kept from running; /readyz, which
// monitors read, said ready and nothing more, and no backup was written for as long as it hung.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

const HOUR = 3_600_000

describe('a scheduled backup whose copy hangs', () => {
  test('is named as degraded on /readyz once it has run an hour, which stays 200, and no backup starts on top of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-backup-hang-'))
    const backups = join(dir, 'backups')
    const { deps, clock } = await testDeps({
      config: { database: { url: `file:${join(dir, 'db.db')}` }, backup: { dir: backups, schedule: '0 3 * * *' } },
      now: '2026-11-15T03:00:00.000Z',
    })
    cleanup.push(() => {
      deps.database.client.close()
      rmSync(dir, { recursive: true, force: true })
    })
    await seedTeam(deps)
    const ready = async () => {
      const asked = performance.now()
      const r = await client(deps)('GET', '/readyz')
      expect(performance.now() - asked).toBeLessThan(2000)
      expect(r.status).toBe(200)
      return r.body.degraded as string[] | undefined
    }

    // The backup thread opens the part to write the copy into: held from the moment it appears, that open hangs. A
    // thread that opened it first (the lease is refused then) is let finish, and the next day's backup held instead.
    let run: ReturnType<typeof scheduledBackup> | undefined
    let held: ReturnType<typeof holdAgainstWriters>
    for (let day = 0; !held && day < 5; day++) {
      if (run) expect(await run).toMatchObject({ outcome: 'completed' })
      clock.set(new Date(Date.parse('2026-11-15T03:00:00.000Z') + day * 24 * HOUR))
      run = scheduledBackup(deps)
      let part: string | undefined
      while (!part) {
        await new Promise((r) => setImmediate(r))
        part = readdirSync(backups, { withFileTypes: true }).find((f) => f.name.endsWith('.db.partial'))?.name
      }
      held = holdAgainstWriters(join(backups, part))
    }
    if (!held || !run) throw new Error('the backup thread opened its part before it could be held, five times')
    const hanging = run
    const release = held.release
    cleanup.push(release)
    const start = clock.now()
    let ended = false
    void hanging.finally(() => {
      ended = true
    })

    await Bun.sleep(300)
    expect(ended).toBe(false)
    expect(await ready()).toBeUndefined()
    clock.set(new Date(start.getTime() + HOUR - 60_000))
    expect(await ready()).toBeUndefined()

    clock.set(new Date(start.getTime() + HOUR + 60_000))
    const [said, ...more] = (await ready()) ?? []
    expect(more).toEqual([])
    expect(said).toBe(
      `the scheduled backup started at ${start.toISOString()} has not ended: its copy into backup.dir does not return (a network mount that stopped answering?); no other backup starts until it ends`,
    )
    expect(said).not.toContain(dir)
    // Another run of the same time (another process's, a late timer) does not start a second copy beside it.
    expect(await scheduledBackup(deps)).toMatchObject({ outcome: 'skipped' })
    expect(await ready()).toEqual([said as string])

    release()
    expect(await hanging).toMatchObject({ outcome: 'completed' })
    expect(await ready()).toBeUndefined()
  }, 30_000)
})
