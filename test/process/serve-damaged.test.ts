// A database file that is not one, or whose pages are damaged (docs/operations.md#backups-and-restore): serve refuses
// to start in one line that says what to do, and a server whose file goes bad under it answers 503
// storage_unavailable in the error shape, with no path or SQL in the answer or the log.
import { afterEach, describe, expect, test } from 'bun:test'
import Database from 'libsql'
import { randomBytes } from 'node:crypto'
import {
  existsSync,
  renameSync,
  openSync,
  readFileSync,
  truncateSync,
  writeFileSync,
  writeSync,
  closeSync,
  statSync,
} from 'node:fs'
import { join } from 'node:path'
import { processWorld, runChild, spawnChild } from './child'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const config = { server: { host: '127.0.0.1', port: 0 }, scorer: { backend: 'rules' }, polling: { enabled: false } }
const REFUSED =
  'lead-signals: the database (database.url) is damaged or is not a SQLite database: stop every process using it, move it aside with its -wal and -shm files, and restore a backup (docs/operations.md#a-damaged-database)\n'

/** Overwrites the file from byte 100 on (past SQLite's header, so page 1's b-tree header first) with one byte. */
function damage(path: string) {
  const fd = openSync(path, 'r+')
  try {
    writeSync(fd, Buffer.alloc(statSync(path).size - 100, 0xa5), 0, undefined, 100)
  } finally {
    closeSync(fd)
  }
}

/** A seeded database with everything in the main file (no -wal beside it), as a copied or restored file is. */
async function seededFile() {
  const world = processWorld(config)
  cleanup.push(() => world.cleanup())
  // Seeded by a child, which closes every connection to the file when it exits.
  const made = await runChild(world, ['team', 'create', '--name', 'acme', '--plan', 'growth', '--json'])
  expect(made.code).toBe(0)
  const { apiKey } = JSON.parse(made.stdout) as { apiKey: string }
  const file = join(world.dir, 'test.db')
  const db = new Database(file)
  db.exec('PRAGMA journal_mode = DELETE')
  db.close()
  return { world, file, apiKey }
}

describe('serve on a database file that is not one', () => {
  test('4 KB of random bytes: exit 1 with one line saying to restore a backup; the file is left as it was', async () => {
    const world = processWorld(config)
    cleanup.push(() => world.cleanup())
    const file = join(world.dir, 'test.db')
    const bytes = randomBytes(4096)
    writeFileSync(file, bytes)

    const r = await runChild(world, ['serve'])

    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(REFUSED)
    expect(readFileSync(file).equals(bytes)).toBe(true)
  })

  test('a real database cut in half: the same line', async () => {
    const { world, file } = await seededFile()
    truncateSync(file, Math.floor(statSync(file).size / 2))

    const r = await runChild(world, ['serve'])

    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(REFUSED)
  })

  test('a command other than serve says the same', async () => {
    const { world, file } = await seededFile()
    damage(file)
    const r = await runChild(world, ['team', 'list'])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(REFUSED)
  })
})

describe('what the refusal says to do', () => {
  test('restore refuses a damaged file, saying how; moved aside, the backup is restored and commands work again', async () => {
    const { world, file } = await seededFile()
    const backup = join(world.dir, 'good.db')
    expect((await runChild(world, ['backup', '--to', backup])).code).toBe(0)
    damage(file)
    const damaged = readFileSync(file)

    const refused = await runChild(world, ['restore', '--from', backup])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe(
      'lead-signals: restore: the configured database is damaged or is not a SQLite database, so restore cannot tell whether a process still uses it: stop every process using it, move it aside with its -wal and -shm files, and run restore again; nothing was changed\n',
    )
    expect(readFileSync(file).equals(damaged)).toBe(true)

    for (const suffix of ['', '-wal', '-shm'])
      if (existsSync(file + suffix)) renameSync(file + suffix, `${file}${suffix}.damaged`)
    expect((await runChild(world, ['restore', '--from', backup])).code).toBe(0)
    const listed = await runChild(world, ['team', 'list', '--json'])
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout).map((t: { name: string }) => t.name)).toEqual(['acme'])
  })
})

describe('a database file that goes bad while serving', () => {
  test('requests answer 503 storage_unavailable in the error shape; /readyz says why; no path or SQL anywhere', async () => {
    const { world, file, apiKey } = await seededFile()
    const child = spawnChild(world, ['serve'])
    cleanup.push(() => child.proc.kill('SIGKILL'))
    await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
    const url = /"url":"([^"]+)"/.exec(child.stdout())![1].replace(/\/$/, '')
    const usage = () => fetch(`${url}/api/v1/usage`, { headers: { 'x-api-key': apiKey } })
    expect((await usage()).status).toBe(200)

    // What the server wrote since is in its -wal: moved into the file first, so the damage is what it reads next.
    const db = new Database(file)
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    db.close()
    damage(file)

    const answers = [
      await usage(),
      await fetch(`${url}/api/v1/signals`, { headers: { 'x-api-key': apiKey } }),
      await fetch(`${url}/api/v1/leads/score`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'We need a CRM for our sales team, budget approved' }),
      }),
    ]
    for (const res of answers) {
      expect(res.status).toBe(503)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({
        error: {
          code: 'storage_unavailable',
          message:
            'the database cannot be read: its file is damaged or is not a SQLite database (the operator restores it from a backup)',
        },
      })
      expect(text).not.toContain(world.dir)
    }
    const ready = await fetch(`${url}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({
      status: 'not_ready',
      reason: 'the database file is damaged or is not a SQLite database: restore it from a backup',
    })

    await child.waitForOutput('the storage_unavailable lines', (o) =>
      o.stderr.includes('"event":"storage_unavailable"'),
    )
    const log = child.stderr()
    expect(log).not.toContain(world.dir)
    expect(log).not.toMatch(/select |insert into|update "/i)
    expect(log).not.toContain('unhandled_error')
  })
})
