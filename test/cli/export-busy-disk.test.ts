// An export whose file system answers its writes with EBUSY or EAGAIN (a network or FUSE file system that is busy
// for a while; docs/operations.md#exporting-signals): one line naming the file, what the file system answered and
// that trying again may do, exit 1, as a full disk is said; not a raw command_failed log line. A backup there
// (docs/operations.md#backups-and-restore) said only "the disk reported an I/O error", SQLite's word for any refused
// write, which sent the operator looking for a failing disk: it now says the same, exit 1, and leaves nothing there.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { errnoMount } from '../support/errno-mount'
import { createWorkspace, dump, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
})
afterAll(() => ws.cleanup())

const CASES = [
  { errno: 16, why: 'the file system answered that it is busy (EBUSY); try again' },
  { errno: 11, why: 'the file system cannot take the write now (EAGAIN); try again' },
]

describe('export to a file system that refuses writes for a while', () => {
  for (const { errno, why } of CASES) {
    test(`errno ${errno}: one line saying so and to try again, exit 1`, async () => {
      const dir = join(ws.dir, `busy-${errno}`)
      const mount = await errnoMount(dir, errno)
      try {
        for (const command of [
          ['signals', 'export', '--team', 'acme'],
          ['people', 'export', '--team', 'acme'],
        ]) {
          const out = `busy-${errno}/leads.csv`
          const r = await runCli(ws, [...command, '--out', out])
          expect(r).toEqual({ code: 1, stdout: '', stderr: `lead-signals: cannot write "${out}": ${why}\n` })
        }
      } finally {
        await mount.stop()
      }
    })
  }
})

describe('backup to a file system that refuses writes for a while', () => {
  for (const { errno, why } of CASES) {
    test(`errno ${errno}: one line saying so and to try again, exit 1, nothing left there`, async () => {
      const dir = join(ws.dir, `busy-backup-${errno}`)
      const mount = await errnoMount(dir, errno)
      try {
        const before = await dump(ws)
        const r = await runCli(ws, ['backup', '--to', join(dir, 'backup.db')])
        const line = `backup: the copy could not be written to the file (--to): ${why}; it was removed`
        expect(r).toEqual({ code: 1, stdout: '', stderr: `lead-signals: ${line}\n` })
        expect(readdirSync(dir)).toEqual([])
        expect(await dump(ws)).toEqual(before)
      } finally {
        await mount.stop()
      }
    })
  }
})
