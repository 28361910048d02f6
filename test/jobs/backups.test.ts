import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ConfigInput } from '../../src/config/schema'
import { createLogger } from '../../src/lib/log'
import { checkBackupConfig } from '../../src/domain/backups/backups'
import { prepareBackups } from '../../src/domain/backups/start-dir'
import { runScheduledBackup } from '../../src/jobs/backups'
import { startScheduler } from '../../src/jobs/scheduler'
import { checkFile } from '../../src/storage/backup-check'
import { seedTeam, testConfig, testDeps } from '../support/deps'
import { holdAgainstWriters } from '../support/held-file'

const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

/** An embedded database file and a backup folder in a new temporary directory. */
async function world(backup: NonNullable<ConfigInput['backup']>, log?: ReturnType<typeof createLogger>) {
  const dir = mkdtempSync(join(tmpdir(), 'ls-backups-'))
  const backups = join(dir, 'backups')
  const { deps, clock } = await testDeps({
    config: { database: { url: `file:${join(dir, 'db.db')}` }, backup: { dir: backups, ...backup } },
    deps: log ? { log } : {},
  })
  cleanup.push(() => {
    deps.database.client.close()
    rmSync(dir, { recursive: true, force: true })
  })
  await seedTeam(deps)
  return { deps, clock, backups }
}

/**
 * The part a run writes its copy into (in `dir`), held from the moment it appears so that its
 * thread's open of it waits until `release()` (test/support/held-file.ts). Fails when the thread opened it first.
 */
async function heldPart(dir: string, ended: () => boolean) {
  while (!ended()) {
    await new Promise((r) => setImmediate(r))
    const name = existsSync(dir) && readdirSync(dir).find((f) => f.endsWith('.partial'))
    const held = name && holdAgainstWriters(join(dir, name))
    if (held) {
      cleanup.push(held.release)
      return { name, release: held.release }
    }
  }
  throw new Error('the run ended before its part could be held')
}

/** Waits until `ok` holds, `ms` at the most. */
async function until(ok: () => boolean, ms: number) {
  const deadline = performance.now() + ms
  while (!ok() && performance.now() < deadline) await Bun.sleep(10)
}

describe('scheduled backups (docs/operations.md#backups-and-restore)', () => {
  test('a backup in progress is not under its final name: one cut off is never taken for a backup', async () => {
    const { deps, backups } = await world({})
    let settled = false
    const running = runScheduledBackup(deps).finally(() => {
      settled = true
    })
    // While the copy is written: the run makes the folder and its part off this thread (a silent mount holds only the
    // run), so the first look is once they are there; the copy then starts a thread of its own, which leaves time.
    let during: string[] = []
    while (!during.length && !settled) {
      await Bun.sleep(1)
      during = existsSync(backups) ? readdirSync(backups) : []
    }
    expect(await running).toMatchObject({ outcome: 'completed' })
    expect(during).not.toEqual([])
    expect(during.filter((f) => f.endsWith('.db'))).toEqual([])
    // A part of the run's own (FILE.PID-RANDOM.partial): a stopped run's copy thread, let end its call, cannot meet
    // the next run's part under one name.
    expect(during.every((f) => /^lead-signals-\d{8}-\d{6}\.db\.\d+-[0-9a-f]{8}\.partial$/.test(f))).toBe(true)
    expect(readdirSync(backups).filter((f) => f.endsWith('.partial'))).toEqual([])
  })

  test('the server keeps answering while a backup is written: the copy and its check run on another thread', async () => {
    const { deps } = await world({})
    // Some 40 MB to copy, so that a copy on the server's own thread would hold its event loop for a while.
    await deps.database.client.execute('CREATE TABLE ballast (b BLOB)')
    for (let i = 0; i < 40; i++)
      await deps.database.client.execute({
        sql: 'INSERT INTO ballast SELECT randomblob(1000) FROM (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) SELECT x FROM n)',
        args: [],
      })
    let last = performance.now()
    let longestStall = 0
    const ticks = setInterval(() => {
      const now = performance.now()
      longestStall = Math.max(longestStall, now - last)
      last = now
    }, 5)
    const started = performance.now()
    try {
      expect(await runScheduledBackup(deps)).toMatchObject({ outcome: 'completed' })
    } finally {
      clearInterval(ticks)
    }
    // The gap since the last tick counts too: a loop held to the end never ticked at all.
    longestStall = Math.max(longestStall, performance.now() - last)
    const took = performance.now() - started
    // The event loop turned throughout: no stall near the backup's own length (a copy on this thread stalls it for
    // all of it). The copy of 40 MB takes long enough for that to show, on a quiet machine or a busy one.
    expect({ took: took > 40, stalledLittle: longestStall < took / 3 }).toEqual({
      took: true,
      stalledLittle: true,
    })
  }, 60_000)

  test('each run writes a checked copy named by its time; only the newest backup.keep of ours are kept', async () => {
    const { deps, clock, backups } = await world({ keep: 2 })
    const hours = ['01', '02', '03', '04']
    const summaries = []
    for (const h of hours) {
      clock.set(`2026-11-15T${h}:00:00.000Z`)
      summaries.push(await runScheduledBackup(deps))
      if (h === '01') writeFileSync(join(backups, 'notes.txt'), 'not ours')
    }
    expect(summaries[3]).toMatchObject({
      outcome: 'completed',
      file: 'lead-signals-20261115-040000.db',
      removed: ['lead-signals-20261115-020000.db'],
    })
    expect(readdirSync(backups).sort()).toEqual([
      'lead-signals-20261115-030000.db',
      'lead-signals-20261115-040000.db',
      'notes.txt',
    ])
    for (const f of ['lead-signals-20261115-030000.db', 'lead-signals-20261115-040000.db']) {
      expect(checkFile(join(backups, f))).toBeUndefined()
      expect(statSync(join(backups, f)).mode & 0o777).toBe(0o600)
    }
    expect(statSync(backups).mode & 0o777).toBe(0o700)
  })

  test('a clock that ran ahead and was set back does not stop the backups until the time it had reached', async () => {
    const { deps, clock } = await world({ schedule: '0 * * * *' })
    // A machine started with its clock a year ahead writes a backup, then NTP sets the clock right.
    clock.set('2027-11-15T04:00:00.000Z')
    expect(await runScheduledBackup(deps)).toMatchObject({ outcome: 'completed' })
    clock.set('2026-11-15T05:00:00.000Z')
    expect(await runScheduledBackup(deps)).toMatchObject({ slot: '2026-11-15T05:00:00.000Z', outcome: 'completed' })
    // From then on each time is written once, as before.
    expect(await runScheduledBackup(deps)).toMatchObject({ outcome: 'done_already' })
  })

  test('a backup running at shutdown stops at once: no backup, no part, and its time is written by the next run', async () => {
    const { deps, backups } = await world({ schedule: '0 * * * *' })
    const stop = new AbortController()
    let ended = false
    const run = runScheduledBackup(deps, { signal: stop.signal }).finally(() => {
      ended = true
    })
    // The copy has begun (its part is there) when the signal comes, and its thread is in its call: the open of the
    // part waits (a lease on it), as on a slow folder. Stopped, the thread is let end that call.
    const stopped = await heldPart(backups, () => ended)
    stop.abort()
    expect(await run).toMatchObject({ slot: '2026-11-15T12:00:00.000Z', outcome: 'stopped' })
    expect(readdirSync(backups)).toEqual([])
    // The next run, at once, in the same slot and under the same file name (held too), while the stopped thread ends
    // its call and removes what it wrote: that was the next run's part when both had one name, and VACUUM INTO then
    // refused it (SQLITE_ERROR), or the next run's check found it gone.
    let nextEnded = false
    const next = runScheduledBackup(deps).finally(() => {
      nextEnded = true
    })
    const held = await heldPart(backups, () => nextEnded)
    stopped.release()
    // With one name the stopped thread's answer removed the next run's part; with its own, 2 s are waited for nothing.
    await until(() => !existsSync(join(backups, held.name)), 2000)
    held.release()
    expect(await next).toMatchObject({ slot: '2026-11-15T12:00:00.000Z', outcome: 'completed' })
    // What the stopped thread wrote under its own name it removes once it answers, which may be after the next run.
    await until(() => readdirSync(backups).length === 1, 5000)
    expect(readdirSync(backups)).toEqual(['lead-signals-20261115-120000.db'])
  }, 30_000)

  test('a run removes what runs cut off (a kill, a power cut) left behind over an hour ago, and nothing else', async () => {
    const { deps, clock, backups } = await world({ keep: 7 })
    clock.set('2026-11-15T05:00:00.000Z')
    mkdirSync(backups, { recursive: true })
    const at = (iso: string) => new Date(iso)
    const left = {
      'lead-signals-20261115-030000.db.partial': '2026-11-15T03:00:09.000Z',
      'lead-signals-20261115-030000.db.partial-journal': '2026-11-15T03:00:09.000Z',
      // A run's own part, as this version names it.
      'lead-signals-20261115-033000.db.4242-0a1b2c3d.partial': '2026-11-15T03:30:05.000Z',
      'lead-signals-20261115-033000.db.4242-0a1b2c3d.partial-journal': '2026-11-15T03:30:05.000Z',
      'lead-signals-20261115-044500.db.4242-9f8e7d6c.partial': '2026-11-15T04:45:05.000Z',
      // Younger than an hour: it may be another process's run still writing it.
      'lead-signals-20261115-043000.db.partial': '2026-11-15T04:59:00.000Z',
      'mine.db.partial': '2026-11-01T00:00:00.000Z',
    }
    for (const [name, time] of Object.entries(left)) {
      writeFileSync(join(backups, name), 'cut off')
      utimesSync(join(backups, name), at(time), at(time))
    }
    expect(await runScheduledBackup(deps)).toMatchObject({
      outcome: 'completed',
      removed: [
        'lead-signals-20261115-030000.db.partial',
        'lead-signals-20261115-030000.db.partial-journal',
        'lead-signals-20261115-033000.db.4242-0a1b2c3d.partial',
        'lead-signals-20261115-033000.db.4242-0a1b2c3d.partial-journal',
      ],
    })
    expect(readdirSync(backups).sort()).toEqual([
      'lead-signals-20261115-043000.db.partial',
      'lead-signals-20261115-044500.db.4242-9f8e7d6c.partial',
      'lead-signals-20261115-050000.db',
      'mine.db.partial',
    ])
  })

  test('serve writes them on backup.schedule', async () => {
    const lines: string[] = []
    const { deps, backups } = await world(
      { schedule: '* * * * * *', keep: 1 },
      createLogger((l) => lines.push(l)),
    )
    const scheduler = startScheduler(deps)
    cleanup.push(() => scheduler.stop())
    expect(scheduler.nextRuns().backup).not.toBeNull()
    const deadline = Date.now() + 5000
    while (!lines.some((l) => l.includes('"event":"backup"')) && Date.now() < deadline) await Bun.sleep(20)
    await scheduler.stop()
    expect(JSON.parse(lines.find((l) => l.includes('"event":"backup"'))!)).toMatchObject({ outcome: 'completed' })
    const files = readdirSync(backups)
    expect(files).toHaveLength(1)
    expect(checkFile(join(backups, files[0]))).toBeUndefined()
  })

  test('a backup.dir that cannot be created is refused at start with one line naming it, not at the first run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-backups-'))
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
    writeFileSync(join(dir, 'plain'), 'a file, not a folder')
    const config = testConfig({
      database: { url: `file:${join(dir, 'db.db')}` },
      backup: { schedule: '0 3 * * *', dir: join(dir, 'plain', 'backups') },
    })
    await expect(prepareBackups(config)).rejects.toThrow(
      'backup.dir: the folder cannot be created: a file stands in its path',
    )
    // Created (owner-only) when it can be, so the first scheduled run does not find out.
    const ok = testConfig({
      database: { url: `file:${join(dir, 'db.db')}` },
      backup: { schedule: '0 3 * * *', dir: join(dir, 'b') },
    })
    await prepareBackups(ok)
    expect(statSync(join(dir, 'b')).mode & 0o777).toBe(0o700)
  })

  test('backup.schedule is refused for a database that is not a file, and "" schedules nothing', () => {
    for (const url of ['http://127.0.0.1:8080', 'libsql://db.example.org', ':memory:'])
      expect(() => checkBackupConfig(testConfig({ database: { url }, backup: { schedule: '0 3 * * *' } }))).toThrow(
        'backup.schedule: database.url is not a database file',
      )
    expect(() => checkBackupConfig(testConfig({ database: { url: 'http://127.0.0.1:8080' } }))).not.toThrow()
  })
})
