// docs/performance.md#cached-keys: the commit watch reads the WAL-index header that every commit rewrites.
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { endianness, tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { openCommitWatch } from '../../../src/storage/engine/commit-watch'

const dirs: string[] = []
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ls-cw-'))
  dirs.push(dir)
  return join(dir, 'x.db')
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function walDatabase() {
  const path = tempFile()
  const db = new Database(path)
  db.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x)')
  return { path, db }
}

/** A -shm file written by hand: a header of the shared layout, its two copies as given. */
function handMadeShm(path: string, a: { version?: number; isInit?: number; copiesDiffer?: boolean }) {
  const copy = Buffer.alloc(48)
  if (endianness() === 'LE') copy.writeUInt32LE(a.version ?? 3007000, 0)
  else copy.writeUInt32BE(a.version ?? 3007000, 0)
  copy[12] = a.isInit ?? 1
  const second = Buffer.from(copy)
  if (a.copiesDiffer) second[8] = 7
  writeFileSync(`${path}-shm`, Buffer.concat([copy, second, Buffer.alloc(40)]))
}

describe('the commit watch', () => {
  test('keeps its epoch while nothing is committed, and moves it with each commit of any connection', () => {
    const { path, db } = walDatabase()
    const watch = openCommitWatch(path)
    const first = watch.epoch()
    expect(first).toBeNumber()
    db.prepare('SELECT * FROM t').all()
    expect(watch.epoch()).toBe(first)

    db.exec('INSERT INTO t VALUES (1)')
    const second = watch.epoch()
    expect(second).not.toBe(first)
    expect(watch.epoch()).toBe(second)

    const other = new Database(path)
    other.exec('INSERT INTO t VALUES (2)')
    expect(watch.epoch()).not.toBe(second)
    other.close()
    watch.close()
    db.close()
  })

  test('sees a commit made by another process', async () => {
    const { path, db } = walDatabase()
    const watch = openCommitWatch(path)
    const before = watch.epoch()
    const child = Bun.spawnSync([
      process.execPath,
      '-e',
      `const D = require('libsql'); new D(${JSON.stringify(path)}).exec('INSERT INTO t VALUES (3)')`,
    ])
    expect(child.exitCode).toBe(0)
    expect(watch.epoch()).not.toBe(before)
    watch.close()
    db.close()
  })

  test("keeps its epoch through a quiet write's own commit, and not when another commit comes before or after it", () => {
    const { path, db } = walDatabase()
    const other = new Database(path)
    const watch = openCommitWatch(path)
    const quietInsert = (after?: () => void) => {
      db.exec('BEGIN IMMEDIATE')
      const mark = watch.quietBegin()
      db.exec('INSERT INTO t VALUES (1); COMMIT')
      after?.()
      if (mark) watch.quietEnd(mark)
      return mark
    }
    const start = watch.epoch()
    expect(quietInsert()).not.toBeNull()
    expect(watch.epoch()).toBe(start)

    // Another connection's commit since the last look: the epoch moves.
    other.exec('INSERT INTO t VALUES (2)')
    expect(quietInsert()).not.toBeNull()
    const moved = watch.epoch()
    expect(moved).not.toBe(start)

    // Another commit right after the quiet one's, before its end: the epoch moves.
    expect(quietInsert(() => other.exec('INSERT INTO t VALUES (3)'))).not.toBeNull()
    expect(watch.epoch()).not.toBe(moved)
    other.close()
    watch.close()
    db.close()
  })

  test('tells how many frames a quiet commit added to the log, also when the commit started the log over', () => {
    const { path, db } = walDatabase()
    const watch = openCommitWatch(path)
    const quietInsert = () => {
      watch.epoch()
      db.exec('BEGIN IMMEDIATE')
      const mark = watch.quietBegin()
      db.exec('INSERT INTO t VALUES (1); COMMIT')
      return mark ? watch.quietEnd(mark).added : null
    }
    // t is one page: one frame a commit.
    expect([quietInsert(), quietInsert(), quietInsert()]).toEqual([1, 1, 1])
    db.prepare('PRAGMA wal_checkpoint(PASSIVE)').all()
    // Everything was copied back, so this commit starts the log over: one frame in it, not 1 - 4.
    expect(quietInsert()).toBe(1)
    expect(quietInsert()).toBe(1)
    db.exec('BEGIN IMMEDIATE')
    const mark = watch.quietBegin()
    db.exec('INSERT INTO t VALUES (1); COMMIT')
    expect(mark && watch.quietEnd(mark)).toEqual({ added: 1, inLog: 3 })
    watch.close()
    db.close()
  })

  test('gives no epoch without a WAL index, for a header of another layout or half written, and once closed', () => {
    const plain = tempFile()
    const db = new Database(plain)
    db.exec('CREATE TABLE t (x)')
    expect(openCommitWatch(plain).epoch()).toBeNull()
    db.close()

    const path = tempFile()
    handMadeShm(path, {})
    const watch = openCommitWatch(path)
    expect(watch.epoch()).toBeNumber()
    handMadeShm(path, { copiesDiffer: true })
    expect(watch.epoch()).toBeNull()
    handMadeShm(path, { version: 3008000 })
    expect(watch.epoch()).toBeNull()
    handMadeShm(path, { isInit: 0 })
    expect(watch.epoch()).toBeNull()
    handMadeShm(path, {})
    expect(watch.epoch()).toBeNumber()
    watch.close()
    expect(watch.epoch()).toBeNull()
  })
})
