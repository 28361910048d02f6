import { afterEach, describe, expect, test } from 'bun:test'
import Database from 'libsql'
import { chmodSync, mkdirSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedTeam } from '../support/deps'
import { startFakeLibsqlServer } from '../support/fake-libsql-server'
import { processWorld, rows, runChild, seedDatabase } from './child'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const config = { server: { host: '127.0.0.1', port: 0 }, scorer: { backend: 'rules' }, polling: { enabled: false } }

/**
 * Makes a file read-only for every process, root included. Root ignores permission bits, so as root the file is
 * also marked immutable (`chattr +i`, which needs CAP_LINUX_IMMUTABLE, as root in a container usually has).
 */
function makeReadOnly(path: string) {
  chmodSync(path, 0o444)
  cleanup.push(() => chmodSync(path, 0o644))
  if (process.getuid?.() !== 0) return
  const marked = Bun.spawnSync(['chattr', '+i', path])
  if (marked.exitCode !== 0) throw new Error(`running as root, and chattr +i failed: ${marked.stderr.toString()}`)
  cleanup.push(() => Bun.spawnSync(['chattr', '-i', path]))
}

const ROOT = process.getuid?.() === 0
const ROOT_READ_ONLY_DIR =
  /^lead-signals: cannot write the database \(database\.url\): (its directory is read-only|its file cannot be opened)\n$/
const PERMISSION_DENIED =
  /^lead-signals: cannot use the database \(database\.url\): permission denied on its directory[^\n]*\n$/

/** A world of its own whose configuration names the database `url` (elsewhere than its folder). */
function worldOn(url: string) {
  const world = processWorld({ ...config, database: { url } })
  cleanup.push(() => world.cleanup())
  return world
}

function expectOneLine(r: { code: number | null; stdout: string; stderr: string }, line: string) {
  expect(r.code).toBe(1)
  expect(r.stdout).not.toContain('"event":"listening"')
  expect(r.stderr).toBe(`${line}\n`)
}

describe('serve on a database it cannot write', () => {
  test('a read-only database file: exit 1 with one line naming the setting, not the path; nothing changes', async () => {
    const world = processWorld(config)
    cleanup.push(() => world.cleanup())
    await seedDatabase(world, config, (deps) => seedTeam(deps))
    const before = await rows(world, 'select * from teams')
    makeReadOnly(join(world.dir, 'test.db'))

    const r = await runChild(world, ['serve'])

    expectOneLine(r, 'lead-signals: cannot write the database (database.url): it is read-only')
    expect(r.stderr).not.toContain(world.dir)
    expect(await rows(world, 'select * from teams')).toEqual(before)
  })

  test('a read-only data directory (SQLite cannot make its -wal beside the file): every command says so in one line', async () => {
    const world = processWorld(config)
    cleanup.push(() => world.cleanup())
    // Seeded by a child, which closes every connection to the file when it exits.
    expect((await runChild(world, ['team', 'create', '--name', 'acme', '--plan', 'growth'])).code).toBe(0)
    // Out of WAL mode, so no -wal or -shm is left beside the file: the first open must create them.
    const file = new Database(join(world.dir, 'test.db'))
    file.exec('PRAGMA journal_mode = DELETE')
    file.close()
    expect(readdirSync(world.dir).filter((f) => f.startsWith('test.db'))).toEqual(['test.db'])
    const before = await rows(world, 'select * from teams')
    makeReadOnly(world.dir)

    for (const args of [
      ['serve'],
      ['migrate'],
      ['team', 'list'],
      ['backup', '--to', join(tmpdir(), `ro-${process.pid}.db`)],
    ]) {
      const r = await runChild(world, args)
      expect(r.code).toBe(1)
      expect(r.stdout).not.toContain('"event":"listening"')
      // As root the directory is immutable and SQLite cannot create the -wal (SQLITE_CANTOPEN); as another user its
      // mode denies the user (test/cli/database-permissions.test.ts).
      expect(r.stderr).toMatch(ROOT ? ROOT_READ_ONLY_DIR : PERMISSION_DENIED)
    }
    expect(await rows(world, 'select * from teams')).toEqual(before)
  })

  test('a new database in a read-only directory, or in a folder it cannot create there: one line, no stack', async () => {
    const world = processWorld(config)
    cleanup.push(() => world.cleanup())
    const readOnly = join(world.dir, 'ro')
    mkdirSync(readOnly)
    makeReadOnly(readOnly)

    for (const url of [`file:${join(readOnly, 'new.db')}`, `file:${join(readOnly, 'sub', 'new.db')}`])
      for (const args of [['serve'], ['team', 'create', '--name', 'acme', '--plan', 'growth']]) {
        const r = await runChild(worldOn(url), args)
        expect({ args, url, ...r }).toEqual({
          args,
          url,
          code: 1,
          stdout: '',
          stderr: ROOT
            ? 'lead-signals: cannot write the database (database.url): its directory is read-only\n'
            : expect.stringMatching(PERMISSION_DENIED),
        })
      }
  })

  test('a database.url naming a folder, or a path under a file: one line saying so', async () => {
    const world = processWorld(config)
    cleanup.push(() => world.cleanup())
    mkdirSync(join(world.dir, 'folder'))
    world.file('plain', 'not a folder')
    for (const [url, why] of [
      [`file:${join(world.dir, 'folder')}`, 'it is a folder, not a file'],
      [`file:${join(world.dir, 'plain', 'new.db')}`, 'its directory cannot be created: a file stands in its path'],
    ]) {
      const r = await runChild(worldOn(url), ['serve'])
      expect({ url, ...r }).toEqual({
        url,
        code: 1,
        stdout: '',
        stderr: `lead-signals: cannot write the database (database.url): ${why}\n`,
      })
    }
  })

  test('a libSQL server that refuses writes: exit 1 the same way', async () => {
    const server = startFakeLibsqlServer({ authToken: 'tok' })
    cleanup.push(() => server.stop())
    const world = processWorld({ ...config, database: { url: server.url, auth_token: 'tok' } })
    cleanup.push(() => world.cleanup())
    // Migrated first, as an operator's `migrate` would; then the server takes no more writes.
    expect((await runChild(world, ['migrate'])).code).toBe(0)
    server.db.exec('PRAGMA query_only = ON')

    expectOneLine(
      await runChild(world, ['serve']),
      'lead-signals: cannot write the database (database.url): it is read-only',
    )
  })
})
