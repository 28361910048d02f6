// src/storage/engine/close-checkpoint.ts, through the local client's close() (docs/operations.md#the-database).
import { describe, expect, test } from 'bun:test'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'libsql'
import { createLocalClient } from '../../../src/storage/engine/local-client'
import { rowsOfTheFileAlone } from '../../support/file-alone'
import { tempDir } from '../../support/temp-dirs'

/** A client on a new file in WAL mode with a table t, and what its -wal and its file alone hold. */
async function fileClient() {
  const dir = tempDir('ls-close-')
  const path = join(dir, 'x.db')
  const client = createLocalClient(path, { lockWaitMs: 100 })
  await client.execute('PRAGMA journal_mode = WAL')
  await client.execute('CREATE TABLE t (x)')
  return {
    client,
    path,
    walBytes: () => statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0,
    alone: () => rowsOfTheFileAlone(path, dir, 'SELECT x FROM t ORDER BY x').rows,
  }
}

describe('closing a local client on a database file', () => {
  test('copies the log into the file and empties it: the file alone holds every commit', async () => {
    const f = await fileClient()
    for (let i = 1; i <= 3; i++) await f.client.execute({ sql: 'INSERT INTO t VALUES (?)', args: [i] })
    expect(f.walBytes()).toBeGreaterThan(0)
    f.client.close()
    expect(f.walBytes()).toBe(0)
    expect(f.alone()).toEqual([[1], [2], [3]])
  })

  test('inside a transaction it began itself, close neither throws nor commits it', async () => {
    const f = await fileClient()
    await f.client.execute('INSERT INTO t VALUES (1)')
    await f.client.execute('BEGIN')
    await f.client.execute('INSERT INTO t VALUES (2)')
    expect(() => f.client.close()).not.toThrow()
    const other = new Database(f.path)
    expect(other.prepare('SELECT x FROM t').raw(true).all()).toEqual([[1]])
    other.close()
  })

  test('a reader of another connection on an older state is not waited for: it keeps the frames it needs', async () => {
    const f = await fileClient()
    await f.client.execute('INSERT INTO t VALUES (1)')
    const reader = new Database(f.path, { timeout: 0 })
    reader.exec('BEGIN')
    expect(reader.prepare('SELECT count(*) FROM t').raw(true).all()).toEqual([[1]])
    await f.client.execute('INSERT INTO t VALUES (2)')
    const started = performance.now()
    f.client.close()
    expect(performance.now() - started).toBeLessThan(1000)
    // The reader's state is still there for it; the commit after it waits in the log for a later checkpoint.
    expect(reader.prepare('SELECT count(*) FROM t').raw(true).all()).toEqual([[1]])
    expect(f.walBytes()).toBeGreaterThan(0)
    reader.exec('COMMIT')
    reader.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    expect(f.walBytes()).toBe(0)
    expect(f.alone()).toEqual([[1], [2]])
  })
})
