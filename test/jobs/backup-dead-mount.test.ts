import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scheduledBackup } from '../../src/jobs/backups'
import { client } from '../support/http'
import { deadMount } from '../support/dead-mount'
import { seedTeam, testDeps } from '../support/deps'

// docs/operations.md#a-job-that-hangs: a scheduled backup into a backup.dir on a network mount that had stopped
// answering made the folder and its part on the server's own thread, which then waited in the kernel with it: no
// request was answered, /readyz and /healthz neither, for as long as the mount stayed silent.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

const HOUR = 3_600_000

describe('a scheduled backup into a folder on a mount that stopped answering', () => {
  test('holds none of the server: /readyz answers within 2 s, and names the backup as degraded after an hour', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-backup-dead-'))
    const mount = join(dir, 'mount')
    const { deps, clock } = await testDeps({
      config: {
        database: { url: `file:${join(dir, 'db.db')}` },
        backup: { dir: join(mount, 'backups'), schedule: '0 3 * * *' },
      },
      now: '2026-11-15T03:00:00.000Z',
    })
    await seedTeam(deps)
    // Silent for 8 s at the most: a server held by it is let go then, and the test fails rather than hangs.
    const dead = await deadMount(mount, 8000)
    cleanup.push(async () => {
      await dead.revive()
      deps.database.client.close()
      rmSync(dir, { recursive: true, force: true })
    })
    const start = clock.now()
    const asked = performance.now()
    const run = scheduledBackup(deps)
    run.catch(() => {})
    await Bun.sleep(300)
    const ready = async () => {
      const r = await client(deps)('GET', '/readyz')
      expect(performance.now() - asked).toBeLessThan(2300)
      expect(r.status).toBe(200)
      return r.body.degraded as string[] | undefined
    }
    expect(await ready()).toBeUndefined()
    clock.set(new Date(start.getTime() + HOUR + 60_000))
    expect(await ready()).toEqual([expect.stringContaining(`the scheduled backup started at ${start.toISOString()}`)])

    // The mount answers again (here: with an error): the run ends, and so does the entry.
    await dead.revive()
    await expect(run).rejects.toThrow()
    expect((await ready()) ?? []).not.toContainEqual(expect.stringContaining('has not ended'))
  }, 30_000)
})
