import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
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
const FIRST = Date.parse('2026-11-15T03:00:00.000Z')

/** Deps on a database file with a daily backup at 03:00 UTC into a folder of their own, at 03:00. */
async function backupWorld() {
  const dir = mkdtempSync(join(tmpdir(), 'ls-backup-hang-'))
  const backups = join(dir, 'backups')
  const { deps, clock } = await testDeps({
    config: { database: { url: `file:${join(dir, 'db.db')}` }, backup: { dir: backups, schedule: '0 3 * * *' } },
    now: new Date(FIRST).toISOString(),
  })
  cleanup.push(() => {
    deps.database.client.close()
    rmSync(dir, { recursive: true, force: true })
  })
  await seedTeam(deps)
  return { deps, clock, dir, backups }
}

/**
 * A scheduled backup whose copy hangs: the backup thread opens the part to write the copy into, and held from the
 * moment it appears (and is no longer open as it is created), that open waits until `release()`. A thread that
 * opened it first (the lease is refused then) is let finish, and the next day's backup held instead.
 */
async function hungBackup(w: Awaited<ReturnType<typeof backupWorld>>, signal?: AbortSignal) {
  for (let day = 0; day < 5; day++) {
    w.clock.set(new Date(FIRST + day * 24 * HOUR))
    let ended = false
    const run = scheduledBackup(w.deps, { signal }).finally(() => {
      ended = true
    })
    let held: ReturnType<typeof holdAgainstWriters>
    while (!held && !ended) {
      await new Promise((r) => setImmediate(r))
      const part = existsSync(w.backups) && readdirSync(w.backups).find((f) => f.endsWith('.partial'))
      if (part) held = holdAgainstWriters(join(w.backups, part))
    }
    if (!held) {
      expect(await run).toMatchObject({ outcome: 'completed' })
      continue
    }
    cleanup.push(held.release)
    const hanging = run
    await Bun.sleep(300)
    expect(ended).toBe(false)
    return { run: hanging, release: held.release, start: w.clock.now() }
  }
  throw new Error('the backup thread opened its part before it could be held, five times')
}

describe('a scheduled backup whose copy hangs', () => {
  test('is named as degraded on /readyz once it has run an hour, which stays 200, and no backup starts on top of it', async () => {
    const w = await backupWorld()
    const ready = async () => {
      const asked = performance.now()
      const r = await client(w.deps)('GET', '/readyz')
      expect(performance.now() - asked).toBeLessThan(2000)
      expect(r.status).toBe(200)
      return r.body.degraded as string[] | undefined
    }
    const { run, release, start } = await hungBackup(w)

    expect(await ready()).toBeUndefined()
    w.clock.set(new Date(start.getTime() + HOUR - 60_000))
    expect(await ready()).toBeUndefined()

    w.clock.set(new Date(start.getTime() + HOUR + 60_000))
    const [said, ...more] = (await ready()) ?? []
    expect(more).toEqual([])
    expect(said).toBe(
      `the scheduled backup started at ${start.toISOString()} has not ended: its copy into backup.dir does not return (a network mount that stopped answering?); no other backup starts until it ends`,
    )
    expect(said).not.toContain(w.dir)
    // Another run of the same time (another process's, a late timer) does not start a second copy beside it.
    expect(await scheduledBackup(w.deps)).toMatchObject({ outcome: 'skipped' })
    expect(await ready()).toEqual([said as string])

    release()
    expect(await run).toMatchObject({ outcome: 'completed' })
    expect(await ready()).toBeUndefined()
  }, 30_000)

  // docs/operations.md#backups-and-restore: a backup given up at shutdown leaves nothing. Its part was removed at once,
  // but the thread, still in its call, made it again when the call returned, with a -journal beside it.
  test('is given up at once when serve stops, and what its thread writes once its call returns is removed', async () => {
    const w = await backupWorld()
    const stop = new AbortController()
    const { run, release, start } = await hungBackup(w, stop.signal)
    const asked = performance.now()
    stop.abort()
    expect(await run).toMatchObject({ outcome: 'stopped' })
    expect(performance.now() - asked).toBeLessThan(1000)
    w.clock.set(new Date(start.getTime() + 2 * HOUR))
    expect((await client(w.deps)('GET', '/readyz')).body.degraded).toBeUndefined()

    // The mount answers again: the thread's call returns, and the thread ends.
    release()
    await Bun.sleep(1500)
    expect(readdirSync(w.backups)).toEqual([])
  }, 30_000)
})
