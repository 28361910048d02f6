import { afterEach, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runScheduledBackup } from '../../src/jobs/backups'
import { seedTeam, testDeps } from '../support/deps'

const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

/** A file system of its own with `options` (tmpfs: root and mount, as CI has; elsewhere the test fails saying so). */
function smallDisk(options: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ls-backup-small-'))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  const mount = Bun.spawnSync(['mount', '-t', 'tmpfs', '-o', options, 'tmpfs', dir])
  if (mount.exitCode !== 0) throw new Error(`this test needs root and mount -t tmpfs: ${mount.stderr.toString()}`)
  cleanup.push(() => Bun.spawnSync(['umount', dir]))
  return dir
}

// docs/operations.md#backups-and-restore: the oldest backup beyond backup.keep is deleted once a new one is written,
// never before, so backup.dir holds backup.keep + 1 of them for a moment. On a disk with room for backup.keep only,
// every run from then on failed saying only that the disk is full, beside the backup.keep backups the operator had
// sized it for.
describe('scheduled backups on a disk with room for backup.keep of them and no more', () => {
  test('fail saying backup.dir needs room for backup.keep + 1, and keep the backups written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-backup-full-'))
    const { deps, clock } = await testDeps({
      config: { database: { url: `file:${join(dir, 'db.db')}` }, backup: { keep: 2, dir: smallDisk('size=1m') } },
    })
    cleanup.push(() => {
      deps.database.client.close()
      rmSync(dir, { recursive: true, force: true })
    })
    await seedTeam(deps)
    mkdirSync(deps.config.backup.dir, { recursive: true })
    const run = () => runScheduledBackup(deps)
    for (const at of ['12:01', '12:02']) {
      clock.set(`2026-11-15T${at}:00.000Z`)
      expect(await run()).toMatchObject({ outcome: 'completed' })
    }
    clock.set('2026-11-15T12:03:00.000Z')
    // The premise: two fit, three do not.
    const [first] = readdirSync(deps.config.backup.dir)
    expect(statSync(join(deps.config.backup.dir, first)).size * 3).toBeGreaterThan(1024 * 1024)
    await expect(run()).rejects.toThrow(
      'backup: the copy could not be written to the file (backup.dir): the disk is full; it was removed; backup.dir needs room for backup.keep + 1 backups (3 here): the oldest beyond backup.keep is deleted only once a new one is written',
    )
    expect(readdirSync(deps.config.backup.dir)).toHaveLength(2)
  })
})

// The advice was --to's, "give a file in an existing, writable directory", where the scheduled run is given no file:
// its folder is the setting to mend.
describe('a scheduled backup into a backup.dir on a read-only file system', () => {
  test('fails saying to make backup.dir writable, not to give another file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-backup-ro-'))
    const { deps } = await testDeps({
      config: { database: { url: `file:${join(dir, 'db.db')}` }, backup: { dir: smallDisk('ro,size=1m') } },
    })
    cleanup.push(() => {
      deps.database.client.close()
      rmSync(dir, { recursive: true, force: true })
    })
    await seedTeam(deps)
    await expect(runScheduledBackup(deps)).rejects.toThrow(
      /^backup: the file \(backup\.dir\) cannot be created: it is on a read-only file system; make backup\.dir a folder the user serve runs as may write in$/,
    )
  })
})
