import { afterEach, describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { seedTeam } from '../support/deps'
import { type ProcessWorld, processWorld, seedDatabase } from './child'

const CHILD = resolve(import.meta.dir, 'backup-child.ts')
const SCHEDULE = '0 3 * * *'
let world: ProcessWorld | undefined
afterEach(() => {
  world?.cleanup()
  world = undefined
})

/** A process that runs the backup of backup.schedule with its clock at `at`; its summary. */
async function backupAt(w: ProcessWorld, at: string) {
  const child = Bun.spawn(['bun', CHILD, w.dbUrl, join(w.dir, 'backups'), SCHEDULE, at], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ])
  expect({ code, err }).toEqual({ code: 0, err: '' })
  return JSON.parse(out) as { outcome: string; slot: string; file?: string }
}

// docs/operations.md#backups-and-restore: two servers on one database file (or a server and another process) each
// run backup.schedule. The lease kept them from writing at the same moment, but one whose timer fired once the
// other's backup had ended (its clock a second behind, its event loop busy) wrote a second backup of the same time,
// and with backup.keep that pushed out an older, good one.
describe('scheduled backups in several processes on one database', () => {
  test('each scheduled time is backed up once, however late or together the processes come to it', async () => {
    const w = processWorld({})
    world = w
    await seedDatabase(w, {}, (deps) => seedTeam(deps))
    const backups = () => readdirSync(join(w.dir, 'backups')).sort()

    // Together, at 03:00 on the 4th: one writes it, the other finds it held or written.
    const together = await Promise.all([
      backupAt(w, '2026-12-04T03:00:00.004Z'),
      backupAt(w, '2026-12-04T03:00:00.009Z'),
    ])
    expect(together.map((s) => s.outcome).sort()).toEqual(
      together.some((s) => s.outcome === 'skipped') ? ['completed', 'skipped'] : ['completed', 'done_already'],
    )
    expect(together.map((s) => s.slot)).toEqual(['2026-12-04T03:00:00.000Z', '2026-12-04T03:00:00.000Z'])
    expect(backups()).toHaveLength(1)

    // Late, after that backup ended: the same scheduled time, already done.
    expect(await backupAt(w, '2026-12-04T03:00:01.700Z')).toEqual({
      slot: '2026-12-04T03:00:00.000Z',
      outcome: 'done_already',
    })
    expect(backups()).toHaveLength(1)

    // The next day's time is a new one.
    expect(await backupAt(w, '2026-12-05T03:00:00.002Z')).toMatchObject({
      slot: '2026-12-05T03:00:00.000Z',
      outcome: 'completed',
      file: 'lead-signals-20261205-030000.db',
    })
    expect(backups()).toEqual(['lead-signals-20261204-030000.db', 'lead-signals-20261205-030000.db'])
  }, 60_000)
})
