import { afterAll, afterEach, beforeEach, describe, expect, test, setDefaultTimeout } from 'bun:test'
import {
  closeSync,
  existsSync,
  copyFileSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import Database from 'libsql'
import { type Child, cutMidway, spawnChild } from '../process/child'
import { putHeatThreshold, rowsOfTheFileAlone } from '../support/file-alone'
import { releaseOurConnections } from '../support/release-connections'
import { dump, ok, query, runCli, type Workspace, MANY_PROCESSES_MS, withTeam } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

// Each test starts on a database of its own holding team acme, made once by `team create` (test/cli/team.test.ts
// checks it): a copy of it is what a stopped database of one team is, file and -wal.
const withAcme = withTeam('acme')
let ws: Workspace
const children: Child[] = []
beforeEach(async () => {
  ws = await withAcme.make()
})
afterEach(() => {
  while (children.length) children.pop()?.proc.kill('SIGKILL')
  ws.cleanup()
})
afterAll(() => withAcme.cleanup())

const teams = async () => (await query(ws, 'SELECT name FROM teams ORDER BY name')).map((r) => r.name)

// Streams off too: a stream that cannot reach its platform writes its failures to the database as it retries.
const NO_STREAMS = ['hackernews', 'bluesky', 'stackoverflow', 'devto']
  .map((p) => `[platforms.${p}]\nmode = "search"\n`)
  .join('')

/** `serve` on the workspace's database, on a free port, until it listens; it writes nothing by itself. */
async function serving(): Promise<Child> {
  const config = ws.file(
    'serve.toml',
    `[server]\nhost = "127.0.0.1"\nport = 0\n[database]\nurl = "${ws.dbUrl}"\n[scorer]\nbackend = "rules"\n[polling]\nenabled = false\n${NO_STREAMS}`,
  )
  const child = spawnChild({ ...ws, configArgs: ['--config', config] }, ['serve'])
  children.push(child)
  await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
  return child
}

/** Team acme, its backup as good.db, then team later: a database that a restore of good.db changes. */
async function backedUpThenChanged() {
  await ok(ws, ['backup', '--to', 'good.db'])
  await ok(ws, ['team', 'create', '--name', 'later', '--plan', 'growth'])
}

/** A table of `tens` times 10 MB of random bytes, so that a copy or rewrite of the database takes a while. */
async function addBallast(tens: number) {
  await query(ws, 'CREATE TABLE ballast (b BLOB)')
  for (let i = 0; i < tens; i++)
    await query(
      ws,
      'INSERT INTO ballast SELECT randomblob(1000) FROM (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10000) SELECT x FROM n)',
    )
}

/** One line on stderr, nothing on stdout, the given status. */
function expectRefused(r: { code: number; stdout: string; stderr: string }, code: number, words: string) {
  expect(r.code).toBe(code)
  expect(r.stdout).toBe('')
  expect(r.stderr.trim().split('\n')).toHaveLength(1)
  expect(r.stderr).toContain(words)
}

describe('backup and restore of the embedded database (docs/operations.md#backups-and-restore)', () => {
  test('a backup taken while a server runs is checked and owner-only; restore is refused while it runs, then brings it back', async () => {
    const server = await serving()

    const made = await runCli(ws, ['backup', '--to', 'first.db'])
    expect(made.code).toBe(0)
    expect(made.stdout).toMatch(/^backup written: first\.db \(\d+ bytes, integrity_check ok\)\n$/)
    const file = join(ws.dir, 'first.db')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const copy = new Database(file, { readonly: true })
    expect(copy.prepare('SELECT name FROM teams').all()).toEqual([{ name: 'acme' }])
    copy.close()

    await ok(ws, ['team', 'create', '--name', 'later', '--plan', 'growth'])
    const before = await dump(ws)
    await releaseOurConnections(ws.dbUrl)
    expectRefused(await runCli(ws, ['restore', '--from', 'first.db']), 1, 'the database is in use')
    expect(await dump(ws)).toEqual(before)

    server.proc.kill('SIGTERM')
    expect(await server.exited()).toBe(0)
    await releaseOurConnections(ws.dbUrl)
    const restored = await runCli(ws, ['restore', '--from', 'first.db'])
    expect(restored).toMatchObject({ code: 0, stderr: '' })
    expect(await teams()).toEqual(['acme'])
    // The restored database serves: its key hashes, tables and migrations came back with it.
    await serving()
    expect((await query(ws, 'PRAGMA integrity_check'))[0]).toEqual({ integrity_check: 'ok' })
  })

  test('restore into a new folder makes the database there, with no -journal file left beside it', async () => {
    await ok(ws, ['backup', '--to', 'good.db'])
    const fresh = { LEAD_SIGNALS_DATABASE_URL: `file:${join(ws.dir, 'new', 'fresh.db')}` }
    expect(await runCli(ws, ['restore', '--from', 'good.db'], { env: fresh })).toMatchObject({ code: 0, stderr: '' })
    // A -journal beside a database reads as a transaction left half-done to whoever moves the files.
    expect(readdirSync(join(ws.dir, 'new')).filter((f) => f.endsWith('-journal'))).toEqual([])
    expect(await ok(ws, ['team', 'list'], { env: fresh })).toContain('acme')
  })

  test('a copy of the stopped database file (WAL mode, not written by backup) restores like a backup', async () => {
    const path = ws.dbUrl.replace(/^file:/, '')
    await releaseOurConnections(ws.dbUrl)
    // Every process has ended; its newest commits may still be in the -wal, which is copied with it. The file
    // keeps WAL mode in its header.
    expect(readFileSync(path)[18]).toBe(2)
    copyFileSync(path, join(ws.dir, 'copied.db'))
    if (statSync(`${path}-wal`, { throwIfNoEntry: false })) copyFileSync(`${path}-wal`, join(ws.dir, 'copied.db-wal'))
    await ok(ws, ['team', 'create', '--name', 'later', '--plan', 'growth'])
    await releaseOurConnections(ws.dbUrl)
    expect(await runCli(ws, ['restore', '--from', 'copied.db'])).toMatchObject({ code: 0, stderr: '' })
    expect(await teams()).toEqual(['acme'])
  })

  test('the .db file alone misses the newest commits while serve runs and after a kill -9, not after a clean stop (docs say so)', async () => {
    const path = ws.dbUrl.replace(/^file:/, '')
    const { apiKey } = JSON.parse(await ok(ws, ['key', 'create', '--team', 'acme', '--json']))
    const aloneAs = () => rowsOfTheFileAlone(path, ws.dir, 'SELECT heat_threshold FROM teams')
    const server = await serving()
    const put = await putHeatThreshold(server.stdout(), apiKey, 42)
    expect(put.status).toBe(200)
    expect(aloneAs().rows).toEqual([[70]])
    server.proc.kill('SIGKILL')
    expect(await server.exited()).toBeNull()
    expect(aloneAs().rows).toEqual([[70]])
    // The next process finds the commit in the -wal; once it has stopped cleanly, the file alone holds it.
    const next = await serving()
    next.proc.kill('SIGTERM')
    expect(await next.exited()).toBe(0)
    const stopped = aloneAs()
    expect(stopped.rows).toEqual([[42]])
    await releaseOurConnections(ws.dbUrl)
    expect(await runCli(ws, ['restore', '--from', stopped.copy])).toMatchObject({ code: 0, stderr: '' })
    expect(await query(ws, 'SELECT name, heat_threshold FROM teams')).toEqual([{ name: 'acme', heat_threshold: 42 }])
    const docs = readFileSync(join(import.meta.dir, '../../docs/operations.md'), 'utf8').replace(/\s+/g, ' ')
    expect(docs).toContain('Once every process using it has stopped cleanly, the `.db` file alone is complete')
    expect(docs).toContain('after a kill, the file with its `-wal` file copied beside it under the same name')
  })

  test('a backup in WAL mode whose -wal is absent or empty is read without writing a file beside it', async () => {
    await backedUpThenChanged()
    mkdirSync(join(ws.dir, 'kept'))
    const file = join(ws.dir, 'kept', 'stopped.db')
    // A copy of a stopped, checkpointed database: WAL mode in its header, its -wal empty or not copied.
    const header = readFileSync(join(ws.dir, 'good.db'))
    header.set([2, 2], 18)
    writeFileSync(file, header)
    for (const emptyWal of [false, true]) {
      if (emptyWal) writeFileSync(`${file}-wal`, '')
      const listed = readdirSync(join(ws.dir, 'kept')).sort()
      await releaseOurConnections(ws.dbUrl)
      expect(await runCli(ws, ['restore', '--from', 'kept/stopped.db'])).toMatchObject({ code: 0, stderr: '' })
      // Reading it made its -shm (and -wal) there: a restore wrote into the folder of the backups it reads.
      expect(readdirSync(join(ws.dir, 'kept')).sort()).toEqual(listed)
      expect(await teams()).toEqual(['acme'])
    }
  })

  test('restore leaves nothing of the replaced database in the file: neither its size nor its words', async () => {
    await ok(ws, ['backup', '--to', 'small.db'])
    const path = ws.dbUrl.replace(/^file:/, '')
    // A function of its own, so that its connection can be collected (test/support/release-connections.ts).
    ;(() => {
      const grown = new Database(path)
      grown.exec('CREATE TABLE leftover (text TEXT)')
      const insert = grown.prepare('INSERT INTO leftover VALUES (?)')
      for (let i = 0; i < 2000; i++) insert.run(`replaced-words-${i} ${'x'.repeat(1000)}`)
      grown.close()
    })()
    await releaseOurConnections(ws.dbUrl)
    const backupSize = statSync(join(ws.dir, 'small.db')).size
    expect(statSync(path).size).toBeGreaterThan(backupSize + 1_000_000)

    expect(await runCli(ws, ['restore', '--from', 'small.db'])).toMatchObject({ code: 0, stderr: '' })
    // The pages the replaced tables held were free pages of the file, still holding their rows, until a VACUUM.
    expect(statSync(path).size).toBeLessThan(backupSize + 64 * 1024)
    for (const file of [path, `${path}-wal`]) {
      const bytes = statSync(file, { throwIfNoEntry: false }) ? readFileSync(file).toString('latin1') : ''
      expect(bytes).not.toContain('replaced-words-')
    }
    expect(await teams()).toEqual(['acme'])
  })

  test('Ctrl-C while the copy is written removes its part and says so: nothing is left to be taken for a backup', async () => {
    // Some 150 MB, so that the copy takes long enough to be stopped while it is written.
    await addBallast(15)
    const config = ws.file('db.toml', `[database]\nurl = "${ws.dbUrl}"\n`)
    const part = join(ws.dir, 'cut.db.partial')
    // On a loaded host the copy can end between two looks at its part: the signal then finds the backup written.
    const child = await cutMidway('Ctrl-C during the copy', async () => {
      const child = spawnChild({ ...ws, configArgs: ['--config', config] }, ['backup', '--to', 'cut.db'])
      children.push(child)
      await child.until('the copy to be under way', () => (statSync(part, { throwIfNoEntry: false })?.size ?? 0) > 0)
      child.proc.kill('SIGINT')
      const code = await child.exited()
      if (code === 1) return child
      expect({ code, stderr: child.stderr() }).toEqual({ code: 0, stderr: '' })
      expect(child.stdout()).toStartWith('backup written: cut.db (')
      rmSync(join(ws.dir, 'cut.db'))
    })
    expect(child.stderr()).toBe(
      'lead-signals: backup: stopped by SIGINT; no backup was written, and the part written was removed\n',
    )
    expect(readdirSync(ws.dir).filter((f) => f.startsWith('cut.db'))).toEqual([])
  })

  test('a copy that cannot be written (the disk full) names the backup file, not the database, and leaves nothing', async () => {
    const before = await dump(ws)
    // The copy is larger than 64 KiB; the database is only read, so the limit stops the copy alone.
    const r = await runCli(ws, ['backup', '--to', 'full.db'], { maxFileKiB: 64 })
    expectRefused(r, 1, 'backup: the copy could not be written to the file (--to): the disk reported an I/O error')
    expect(r.stderr).not.toContain('database.url')
    for (const name of ['full.db', 'full.db.partial', 'full.db.partial-journal'])
      expect(statSync(join(ws.dir, name), { throwIfNoEntry: false })).toBeUndefined()
    expect(await dump(ws)).toEqual(before)
  })

  test('a restore the disk cannot hold says why and changes nothing', async () => {
    await backedUpThenChanged()
    const before = await dump(ws)
    await releaseOurConnections(ws.dbUrl)
    // Far less than the copy writes: the transaction fails part way, and SQLite rolls it back by itself.
    const limit = Math.floor(statSync(join(ws.dir, 'good.db')).size / 4 / 1024)
    const r = await runCli(ws, ['restore', '--from', 'good.db'], { maxFileKiB: limit })
    expectRefused(r, 1, 'cannot write the database (database.url): the disk reported an I/O error')
    expect(await dump(ws)).toEqual(before)
  })

  test('a restore into a new file that the disk cannot hold leaves no empty database for a later serve to start on', async () => {
    await ok(ws, ['backup', '--to', 'good.db'])
    const fresh = { LEAD_SIGNALS_DATABASE_URL: `file:${join(ws.dir, 'new', 'fresh.db')}` }
    const limit = Math.floor(statSync(join(ws.dir, 'good.db')).size / 4 / 1024)
    const r = await runCli(ws, ['restore', '--from', 'good.db'], { env: fresh, maxFileKiB: limit })
    expectRefused(r, 1, 'the disk reported an I/O error')
    expect(readdirSync(join(ws.dir, 'new'))).toEqual([])
  })

  test('a restore whose rewrite of the file fails says the backup is in place and what is left to do', async () => {
    await backedUpThenChanged()
    ;(() => {
      const grown = new Database(join(ws.dir, 'good.db'))
      grown.exec('CREATE TABLE filler (text TEXT)')
      const insert = grown.prepare('INSERT INTO filler VALUES (?)')
      for (let i = 0; i < 500; i++) insert.run('x'.repeat(4000))
      grown.close()
    })()
    await releaseOurConnections(ws.dbUrl)
    const path = ws.dbUrl.replace(/^file:/, '')
    const size = statSync(join(ws.dir, 'good.db')).size
    const wal = statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0
    // Room for the copy (written after what the -wal holds), not for the rewrite after it, which writes it again.
    const r = await runCli(ws, ['restore', '--from', 'good.db'], { maxFileKiB: Math.floor((wal + 1.5 * size) / 1024) })
    expectRefused(r, 1, 'restore: the backup is in place, but the file could not be rewritten')
    expect(r.stderr).toContain('run restore again')
    expect(await teams()).toEqual(['acme'])
  })

  test('Ctrl-C or TERM during the rewrite after the backup was committed says it is in place and to run restore again', async () => {
    // Some 80 MB, so that the rewrite (VACUUM) takes long enough to be stopped while it runs.
    await addBallast(8)
    await ok(ws, ['backup', '--to', 'big.db'])
    await ok(ws, ['team', 'create', '--name', 'later', '--plan', 'growth'])
    const path = ws.dbUrl.replace(/^file:/, '')
    const size = statSync(join(ws.dir, 'big.db')).size
    const config = ws.file('db.toml', `[database]\nurl = "${ws.dbUrl}"\n`)
    // The copy fills the -wal with the backup's rows and commits (checkpointed as it does); the rewrite then starts
    // the -wal over, which changes its header's checkpoint number and salts.
    const wal = `${path}-wal`
    const header = () => {
      const bytes = Buffer.alloc(12)
      if (!existsSync(wal)) return bytes
      const fd = openSync(wal, 'r')
      readSync(fd, bytes, 0, 12, 12)
      closeSync(fd)
      return bytes
    }
    /**
     * Restores big.db and sends `signal` once the rewrite is under way. On a loaded host the rewrite can end between
     * two looks at the -wal, and the signal then finds the restore done: that try is run again, up to four times.
     */
    const stopDuringRewrite = async (signal: 'SIGINT' | 'SIGTERM') => {
      for (let attempt = 1; attempt <= 4; attempt++) {
        await releaseOurConnections(ws.dbUrl)
        const child = spawnChild({ ...ws, configArgs: ['--config', config] }, ['restore', '--from', 'big.db'])
        children.push(child)
        await child.until(
          'the copy to be written',
          () => (statSync(wal, { throwIfNoEntry: false })?.size ?? 0) > 0.9 * size,
        )
        const copied = header()
        await child.until('the rewrite to be under way', () => !header().equals(copied))
        child.proc.kill(signal)
        const code = await child.exited()
        // Never a word about the copy: the -wal starts over only after the backup was committed.
        if (code === 1) return child.stderr()
        expect({ code, stderr: child.stderr() }).toEqual({ code: 0, stderr: '' })
      }
      throw new Error(`${signal} found the restore done four times running`)
    }
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      expect(await stopDuringRewrite(signal)).toBe(
        `lead-signals: restore: stopped by ${signal}: the backup is in place, but the rewrite of the file without what it replaced was cut; run restore again to finish it\n`,
      )
      await releaseOurConnections(ws.dbUrl)
      expect(await teams()).toEqual(['acme'])
      // Run again, it finishes: the file is rewritten and its -wal cut to nothing.
      await releaseOurConnections(ws.dbUrl)
      expect(await runCli(ws, ['restore', '--from', 'big.db'])).toMatchObject({ code: 0, stderr: '' })
      expect(statSync(wal, { throwIfNoEntry: false })?.size ?? 0).toBe(0)
    }
    // Stopped while the copy is written, into a file it made: nothing was changed, and no database is left there.
    const fresh = join(ws.dir, 'new', 'fresh.db')
    const freshConfig = ws.file('fresh.toml', `[database]\nurl = "file:${fresh}"\n`)
    // As above, the restore can end between two looks at the -wal: then it is whole, and made again.
    const child = await cutMidway('Ctrl-C during the copy into a new file', async () => {
      const child = spawnChild({ ...ws, configArgs: ['--config', freshConfig] }, ['restore', '--from', 'big.db'])
      children.push(child)
      await child.until(
        'the copy to be under way',
        () => (statSync(`${fresh}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0,
      )
      child.proc.kill('SIGINT')
      const code = await child.exited()
      if (code === 1) return child
      expect({ code, stderr: child.stderr() }).toEqual({ code: 0, stderr: '' })
      expect(existsSync(fresh)).toBe(true)
      for (const f of readdirSync(join(ws.dir, 'new'))) rmSync(join(ws.dir, 'new', f))
    })
    expect(child.stderr()).toBe(
      'lead-signals: restore: stopped by SIGINT before the backup was in place; nothing was changed\n',
    )
    expect(readdirSync(join(ws.dir, 'new'))).toEqual([])
  })

  test('bad input is one line with status 2 and changes nothing', async () => {
    await backedUpThenChanged()
    const before = await dump(ws)
    writeFileSync(join(ws.dir, 'taken.db'), 'keep me')
    // What a backup killed mid-copy leaves: cut.db itself does not exist, so "cut.db already exists" misled.
    writeFileSync(join(ws.dir, 'cut.db.partial'), 'half a copy')
    writeFileSync(join(ws.dir, 'empty.db'), '')
    writeFileSync(join(ws.dir, 'notes.txt'), 'not a database at all, just some text that is long enough to be read')
    copyFileSync(join(ws.dir, 'good.db'), join(ws.dir, 'damaged.db'))
    const bytes = readFileSync(join(ws.dir, 'damaged.db'))
    bytes.fill(0x5a, 4096 * 2, 4096 * 4)
    writeFileSync(join(ws.dir, 'damaged.db'), bytes)
    copyFileSync(join(ws.dir, 'good.db'), join(ws.dir, 'newer.db'))
    const newer = new Database(join(ws.dir, 'newer.db'))
    newer.exec(`INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES ('future', ${Date.now() * 10})`)
    newer.close()
    // Another application's database that drizzle migrated too: a migrations table, none of them ours.
    const theirs = new Database(join(ws.dir, 'other-app.db'))
    theirs.exec('CREATE TABLE "__drizzle_migrations" (id INTEGER PRIMARY KEY, hash text NOT NULL, created_at numeric)')
    theirs.exec(`INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES ('theirs', 1714000000000)`)
    theirs.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)')
    theirs.close()
    // A copy of a stopped database (WAL mode in its header) with its -wal, where SQLite cannot make the -shm file it
    // needs to read them, as in a read-only folder or snapshot: here its -shm is a link into a folder that does not
    // exist. (Without a -wal with content, it is read as the file alone and needs no -shm.)
    copyFileSync(join(ws.dir, 'good.db'), join(ws.dir, 'stopped.db'))
    const header = readFileSync(join(ws.dir, 'stopped.db'))
    header.set([2, 2], 18) // the file format's read and write versions: 2 is WAL
    writeFileSync(join(ws.dir, 'stopped.db'), header)
    symlinkSync(join(ws.dir, 'no-such-folder', 'shm'), join(ws.dir, 'stopped.db-shm'))
    writeFileSync(join(ws.dir, 'stopped.db-wal'), Buffer.alloc(4096, 1))
    const server = { LEAD_SIGNALS_DATABASE_URL: 'http://127.0.0.1:9' }
    symlinkSync(ws.dbUrl.replace(/^file:/, ''), join(ws.dir, 'live-link.db'))

    const cases: [string[], string, Record<string, string>?][] = [
      [['backup'], '--to is required'],
      [['backup', '--to', 'taken.db'], 'the file (--to) already exists'],
      [['backup', '--to', 'no/such/dir/b.db'], 'the file (--to) cannot be created'],
      [['backup', '--to', 'cut.db'], 'the file (--to) with .partial added exists: a backup to that name was cut off'],
      [['backup', '--to', 'x.db', 'extra'], 'unexpected argument'],
      [['backup', '--to', 'x.db'], 'is a libSQL server', server],
      [['restore'], '--from is required'],
      [['restore', '--from', 'missing.db'], 'does not exist or cannot be read'],
      [['restore', '--from', 'notes.txt'], 'it is not an SQLite database file'],
      // A device or an empty file is no database either, which "not a lead-signals database" did not say: SQLite takes
      // a file of no bytes (as fstat gives a device) for an empty database and found no lead-signals tables in it.
      [
        ['restore', '--from', '/dev/zero'],
        'it is not a regular file (a device, a pipe or a socket): not an SQLite database file',
      ],
      [['restore', '--from', 'empty.db'], 'it is empty: not an SQLite database file'],
      [['restore', '--from', 'damaged.db'], 'integrity_check found damage'],
      [['restore', '--from', 'newer.db'], 'newer version of lead-signals'],
      [['restore', '--from', 'other-app.db'], 'none of its migrations is one of lead-signals'],
      [['restore', '--from', 'stopped.db'], 'cannot be read in its folder: a database in WAL mode'],
      // The live database itself, by its path or a link to it, is no backup (it was called "in use", exit 1).
      [['restore', '--from', ws.dbUrl.replace(/^file:/, '')], '--from is the configured database itself'],
      [['restore', '--from', 'live-link.db'], '--from is the configured database itself'],
      [['restore', '--from', 'good.db'], 'is a libSQL server', server],
      [
        ['serve'],
        'backup.schedule: database.url is not a database file',
        { ...server, LEAD_SIGNALS_BACKUP_SCHEDULE: '0 3 * * *' },
      ],
    ]
    for (const [args, words, env] of cases) {
      expectRefused(await runCli(ws, args, { env }), 2, words)
      expect(await dump(ws)).toEqual(before)
    }
    expect(readFileSync(join(ws.dir, 'taken.db'), 'utf8')).toBe('keep me')
    // It may be another backup still writing: it is not removed under it.
    expect(readFileSync(join(ws.dir, 'cut.db.partial'), 'utf8')).toBe('half a copy')
    expect(statSync(join(ws.dir, 'x.db'), { throwIfNoEntry: false })).toBeUndefined()
  })
})
