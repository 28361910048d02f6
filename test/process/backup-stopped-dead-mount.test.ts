import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { deadMount } from '../support/dead-mount'
import { seedTeam } from '../support/deps'
import { holdAgainstWriters } from '../support/held-file'
import { cutMidway, processWorld, seedDatabase, spawnChild } from './child'

// docs/operations.md#backups-and-restore: Ctrl-C (or TERM) on `backup --to FILE` whose folder stopped answering during
// the copy (a network mount whose server went away) did not end the command: its signal handler looked for FILE and
// removed the part on the process's own thread, which then waited in the kernel with the mount, for good.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

describe('backup --to a folder that stops answering during the copy', () => {
  test('Ctrl-C ends it within seconds, exit 1, with one line naming the part left to delete; no FILE', async () => {
    const world = processWorld({})
    cleanup.push(() => world.cleanup())
    await seedDatabase(world, {}, (deps) => seedTeam(deps))
    const backups = join(world.dir, 'backups')
    mkdirSync(backups)
    const part = join(backups, 'b.db.partial')
    // The copy thread's open of the part waits (a lease on it), then the folder stops answering above it. The thread
    // can open the part before the lease is taken: that try is made again.
    const child = await cutMidway('the copy held before its open', async () => {
      const child = spawnChild(world, ['backup', '--to', 'backups/b.db'])
      cleanup.push(() => child.proc.kill('SIGKILL'))
      let held: ReturnType<typeof holdAgainstWriters>
      while (!held && child.proc.exitCode === null) {
        await new Promise((r) => setImmediate(r))
        if (existsSync(part)) held = holdAgainstWriters(part)
      }
      if (!held) {
        child.proc.kill('SIGKILL')
        await child.exited()
        for (const f of readdirSync(backups)) rmSync(join(backups, f), { force: true })
        return undefined
      }
      cleanup.push(held.release)
      return child
    })
    const dead = await deadMount(backups, 45_000)
    cleanup.push(() => dead.revive())
    await Bun.sleep(300)

    const asked = performance.now()
    child.proc.kill('SIGINT')
    const code = await Promise.race([child.proc.exited, Bun.sleep(10_000).then(() => 'still running')])
    const took = performance.now() - asked
    await dead.revive()
    expect({ code, took: took < 3000 }).toEqual({ code: 1, took: true })
    await child.exited()
    expect(child.stdout()).toBe('')
    expect(child.stderr()).toBe(
      'lead-signals: backup: stopped by SIGINT; no backup was written, but the folder of the file (--to) does not answer, so the part written could not be removed: delete backups/b.db.partial (and its -journal) once it answers\n',
    )
    // Nothing stands under the backup's name; only the part, under its own.
    expect(readdirSync(backups)).toEqual(['b.db.partial'])
  }, 90_000)
})
