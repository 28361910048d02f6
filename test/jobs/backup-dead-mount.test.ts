import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BACKUP_DIR_WAIT_MS, prepareBackups } from '../../src/domain/backups/start-dir'
import { type BackupSummary, scheduledBackup } from '../../src/jobs/backups'
import { client } from '../support/http'
import { deadMount } from '../support/dead-mount'
import { seedTeam, testDeps } from '../support/deps'
import { holdAgainstWriters } from '../support/held-file'
import { recordingLogger } from '../support/log'

// docs/operations.md#a-job-that-hangs: a scheduled backup into a backup.dir on a network mount that had stopped
// answering made the folder and its part on the server's own thread, which then waited in the kernel with it: no
// request was answered, /readyz and /healthz neither, for as long as the mount stayed silent.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

const HOUR = 3_600_000

/** Deps on a database file of their own, with a daily backup into `dir/backupDir` (at 03:00, now). */
async function backupWorld(backupDir: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ls-backup-dead-'))
  const backups = join(dir, backupDir)
  const { deps, clock } = await testDeps({
    config: { database: { url: `file:${join(dir, 'db.db')}` }, backup: { dir: backups, schedule: '0 3 * * *' } },
    now: '2026-11-15T03:00:00.000Z',
  })
  cleanup.push(() => {
    deps.database.client.close()
    rmSync(dir, { recursive: true, force: true })
  })
  await seedTeam(deps)
  return { dir, backups, deps, clock }
}

/**
 * `path` stops answering, for 8 s at the most: a test process held by it is let go then, and the test fails rather
 * than hangs. Revived (every call waiting on it fails) before the world is removed.
 */
async function silence(path: string) {
  const dead = await deadMount(path, 8000)
  cleanup.push(() => dead.revive())
  return dead
}

/** Stops `run` and expects it to end as stopped soon, as serve's shutdown needs. */
async function expectStoppedSoon(run: Promise<BackupSummary>, stop: AbortController) {
  const asked = performance.now()
  stop.abort()
  expect(await Promise.race([run, Bun.sleep(2000).then(() => 'still waiting')])).toEqual(
    expect.objectContaining({ outcome: 'stopped' }),
  )
  // A call on the folder is waited for half a second once stopped (a folder that answers is let finish it).
  expect(performance.now() - asked).toBeLessThan(1500)
}

describe('a scheduled backup into a folder on a mount that stopped answering', () => {
  test('holds none of the server: /readyz answers within 2 s, and names the backup as degraded after an hour', async () => {
    const { dir, deps, clock } = await backupWorld('mount/backups')
    const dead = await silence(join(dir, 'mount'))
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

describe('a scheduled backup given up at shutdown while its folder does not answer', () => {
  // docs/operations.md#shutdown: the run awaited its call on the folder (making it, its part, removing the part), which
  // never returned, so stopping serve took all of server.shutdown_timeout_ms.
  test('ends within a second as stopped, with its call on the folder still waiting', async () => {
    const { dir, deps } = await backupWorld('mount/backups')
    await silence(join(dir, 'mount'))
    const stop = new AbortController()
    const run = scheduledBackup(deps, { signal: stop.signal })
    run.catch(() => {})
    await Bun.sleep(300)
    await expectStoppedSoon(run, stop)
  }, 30_000)

  test('ends within a second as stopped when the mount stops answering during the copy, whose part it cannot remove', async () => {
    const { backups, deps } = await backupWorld('backups')
    const stop = new AbortController()
    let ended = false
    const run = scheduledBackup(deps, { signal: stop.signal }).finally(() => {
      ended = true
    })
    run.catch(() => {})
    // The copy thread's open of the part waits (a lease on it), then the folder stops answering above it.
    let held: ReturnType<typeof holdAgainstWriters>
    while (!held && !ended) {
      await new Promise((r) => setImmediate(r))
      const part = existsSync(backups) && readdirSync(backups).find((f) => f.endsWith('.partial'))
      if (part) held = holdAgainstWriters(join(backups, part))
    }
    if (!held) throw new Error('the backup thread opened its part before it could be held')
    cleanup.push(held.release)
    await silence(backups)
    await Bun.sleep(300)
    await expectStoppedSoon(run, stop)
  }, 30_000)
})

// docs/operations.md#a-job-that-hangs: serve's start made backup.dir on its own thread, so started while the mount
// was silent it never listened (test/process/serve-dead-backup-dir.test.ts has the whole serve).
describe("serve's start with backup.dir on a mount that does not answer", () => {
  test('goes on after 5 s, names backup.dir (no path) on /readyz and in one line, until the folder answers', async () => {
    const { dir, deps, clock } = await backupWorld('mount/backups')
    const dead = await silence(join(dir, 'mount'))
    const asked = performance.now()
    const atStart = await prepareBackups(deps.config)
    expect(performance.now() - asked).toBeLessThan(BACKUP_DIR_WAIT_MS + 1000)
    const { log, of } = recordingLogger()
    atStart.report({ ...deps, log })
    const degraded = async () => (await client(deps)('GET', '/readyz')).body.degraded as string[] | undefined
    const said = `backup.dir has not answered since ${clock.now().toISOString()}: its folder could not be made`
    expect(await degraded()).toEqual([expect.stringContaining(said)])
    expect(JSON.stringify(await degraded())).not.toContain(dir)
    expect(of('backup_dir_silent')).toEqual([
      { level: 'warn', event: 'backup_dir_silent', fields: { message: expect.stringContaining('backup.dir') } },
    ])
    expect(JSON.stringify(of('backup_dir_silent'))).not.toContain(dir)

    // The mount answers again (here: with an error, as a server gone for good): said, and the entry ends.
    await dead.revive()
    await Bun.sleep(100)
    expect(await degraded()).toBeUndefined()
    expect(of('backup_dir_answered')).toEqual([
      {
        level: 'warn',
        event: 'backup_dir_answered',
        fields: { ok: false, reason: expect.stringContaining('backup.dir') },
      },
    ])
  }, 30_000)
})
