import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import Database from 'libsql'
import { chmodSync, mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { AS, builtForNobody, ROOT, UID } from '../support/run-as-nobody'
import { createWorkspace, MANY_PROCESSES_MS, ok, runCli, type Workspace } from './run-cli'

// docs/operations.md#running-it: a database file, a -wal or -shm beside it, or a directory that the user the
// command runs as may not use is a permission problem, said as one: what refuses, whose it is, and what to do, in one
// line that shows no more of the path than database.url does (none of it).

// A mode no other user may use, and none its owner may when the tests are not root.
const CLOSED = ROOT ? 0o600 : 0o000
const CLOSED_DIR = ROOT ? 0o700 : 0o000
const NOT_WRITABLE_DIR = 0o555

const PREFIX = 'lead-signals: cannot use the database (database.url): permission denied on its'
const env = { LEAD_SIGNALS_SERVER_PORT: '0', LEAD_SIGNALS_POLLING_ENABLED: 'false' }

const nobody = builtForNobody()
beforeAll(() => nobody.build(), 120_000)
afterAll(() => nobody.remove())

let ws: Workspace
const restore: (() => void)[] = []
afterEach(() => {
  while (restore.length) restore.pop()?.()
  ws.cleanup()
})

function chmod(path: string, mode: number) {
  const before = statSync(path).mode & 0o777
  chmodSync(path, mode)
  restore.push(() => chmodSync(path, before))
}

/** A workspace any user may enter, with a database of one team that the tests' own user made. */
async function seeded() {
  ws = createWorkspace()
  chmodSync(ws.dir, 0o755)
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  return join(ws.dir, 'test.db')
}

const ownerOf = (path: string) => {
  const s = statSync(path)
  return `(owner uid ${s.uid}, mode ${(s.mode & 0o777).toString(8).padStart(4, '0')}) for uid ${UID}`
}

async function expectRefused(args: string[], start: string, url?: string) {
  const r = await runCli(ws, args, {
    as: AS,
    executable: nobody.executable(),
    env: url ? { ...env, LEAD_SIGNALS_DATABASE_URL: url } : env,
    timeoutMs: 30_000,
  })
  expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code: 1, stdout: '' })
  expect(r.stderr).toStartWith(start)
  expect(r.stderr).toEndWith('\n')
  expect(r.stderr.trimEnd()).not.toContain('\n')
  expect(r.stderr).not.toContain(ws.dir)
  expect(r.stderr).not.toContain('cannot be opened')
  return r.stderr
}

describe('a database the user the command runs as may not use', () => {
  test(
    'its file: each command says permission denied, whose file it is and what to do',
    async () => {
      const file = await seeded()
      chmod(file, CLOSED)
      for (const args of [['team', 'list'], ['migrate'], ['serve']]) {
        const line = await expectRefused(args, `${PREFIX} file ${ownerOf(file)}, the user this runs as:`)
        expect(line).toContain('chown or chmod')
      }
    },
    MANY_PROCESSES_MS,
  )

  test(
    'its file, which the user may read but not write: serve and a command that writes say so, reading still works',
    async () => {
      const file = await seeded()
      chmod(file, 0o444)
      chmod(`${file}-wal`, 0o666)
      chmod(`${file}-shm`, 0o666)
      for (const args of [['serve'], ['keyword', 'add', '--team', 'acme', 'crm']])
        await expectRefused(args, `${PREFIX} file ${ownerOf(file)}, the user this runs as:`)
      const list = await runCli(ws, ['team', 'list'], { as: AS, executable: nobody.executable() })
      expect({ code: list.code, stderr: list.stderr }).toEqual({ code: 0, stderr: '' })
    },
    MANY_PROCESSES_MS,
  )

  test(
    'its file, to backup and to restore: each says so too, not that the engine failed',
    async () => {
      const file = await seeded()
      const backup = join(ws.dir, 'backup.db')
      await ok(ws, ['backup', '--to', backup])
      chmod(backup, 0o644)
      chmod(file, CLOSED)
      for (const args of [
        ['backup', '--to', join(ws.dir, 'another.db')],
        ['restore', '--from', backup],
      ])
        await expectRefused(args, `${PREFIX} file ${ownerOf(file)}, the user this runs as:`)
    },
    MANY_PROCESSES_MS,
  )

  test(
    'its -wal file beside it',
    async () => {
      const file = await seeded()
      chmod(file, 0o666)
      chmod(`${file}-shm`, 0o666)
      chmod(`${file}-wal`, CLOSED)
      await expectRefused(['team', 'list'], `${PREFIX} -wal file ${ownerOf(`${file}-wal`)}, the user this runs as:`)
    },
    MANY_PROCESSES_MS,
  )

  test(
    'its directory, which the user may not enter: not "no database"',
    async () => {
      await seeded()
      chmod(ws.dir, CLOSED_DIR)
      for (const args of [['team', 'list'], ['serve']])
        await expectRefused(args, `${PREFIX} directory, or one above it, for uid ${UID}, the user this runs as:`)
    },
    MANY_PROCESSES_MS,
  )

  test(
    'its directory, which the user may not write the -wal and -shm files in',
    async () => {
      const file = await seeded()
      // Out of WAL mode, so no -wal or -shm is left beside the file: the first open must create them.
      const db = new Database(file)
      db.exec('PRAGMA journal_mode = DELETE')
      db.close()
      chmod(file, 0o666)
      chmod(ws.dir, NOT_WRITABLE_DIR)
      await expectRefused(['team', 'list'], `${PREFIX} directory ${ownerOf(ws.dir)}, the user this runs as:`)
    },
    MANY_PROCESSES_MS,
  )

  test(
    'a new database in a directory the user may not write',
    async () => {
      await seeded()
      const folder = join(ws.dir, 'closed')
      mkdirSync(folder)
      chmod(folder, NOT_WRITABLE_DIR)
      for (const args of [['serve'], ['team', 'create', '--name', 'acme', '--plan', 'growth']])
        await expectRefused(
          args,
          `${PREFIX} directory ${ownerOf(folder)}, the user this runs as:`,
          `file:${folder}/new.db`,
        )
    },
    MANY_PROCESSES_MS,
  )
})
