import { existsSync, rmSync, statSync } from 'node:fs'
import Database from 'libsql'
import { AppError } from '../errors'
import { backupUri, checkFile } from './backup-check'
import { asPermissionProblem, createPrivately } from './db'
import { isBusy } from './engine/lock-wait'
import { databaseDamaged, storageFailure } from './failure'

// Restore, the other half of backup.ts: it shares nothing with writing a backup but the check a backup must pass
// (backup-check.ts), and runs on a thread of its own (restore-thread/). docs/operations.md#backups-and-restore

/**
 * Replaces the database at `path` with the backup at `from`, in one transaction: a failure leaves the database as
 * it was. `PRAGMA locking_mode = EXCLUSIVE` makes the lock fail at once while any other process has the database
 * open (a server keeps its connection for its whole life), so a running server's database is never replaced under it.
 */
export function restoreBackup(path: string, from: string, onCommit?: () => void) {
  if (sameFile(path, from))
    throw new AppError(
      'invalid_request',
      'restore: --from is the configured database itself, not a backup of it; give a file written by backup; nothing was changed',
    )
  const problem = checkFile(from)
  if (problem)
    throw new AppError('invalid_request', `restore: --from is not a usable backup: ${problem}; nothing was changed`)
  // A restore that fails into a file it made removes it: an empty database there would be what the next `serve`
  // starts on, migrated and silent, as if there had never been data.
  const made = !existsSync(path)
  createPrivately(path)
  let db: Database.Database | undefined
  let committed = false
  try {
    db = new Database(path, { timeout: 0 })
    replaceWithBackup(db, from, () => {
      committed = true
      onCommit?.()
    })
  } catch (err) {
    // A file, -wal or folder this user may not use is said as every command says it: the engine's bare "cannot
    // open" left the restore's thread as "the restore failed in the database engine" (docs/operations.md#running-it).
    if (!databaseDamaged(err)) throw asPermissionProblem(err, path)
    // SQLite cannot lock a file it cannot read as a database, so it cannot tell whether a server still has it open:
    // replacing it under one would leave that server on the damaged file. The operator stops them and moves it aside
    // (docs/operations.md#a-damaged-database); a missing file is restored as a new one.
    throw new AppError(
      'storage_unavailable',
      'restore: the configured database is damaged or is not a SQLite database, so restore cannot tell whether a process still uses it: stop every process using it, move it aside with its -wal and -shm files, and run restore again; nothing was changed',
      { reason: 'the file is damaged' },
    )
  } finally {
    db?.close()
    if (made && !committed)
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true })
  }
}

/** Replaces everything in `db`, held exclusively, with the backup at `from`, in one transaction. */
function replaceWithBackup(db: Database.Database, from: string, onCommit: () => void) {
  try {
    // A new file starts in rollback-journal mode, whose -journal an exclusive lock keeps (zeroed) after each
    // transaction and leaves beside the restored database; WAL is the mode every connection sets anyway.
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA foreign_keys = OFF')
    // The engine keeps temporary files in memory unless told (it is built with SQLITE_TEMP_STORE=2): the copy's
    // statement journal (the pages the replaced tables freed) and the VACUUM's copy of the whole database. A restore
    // held about its backup's size in memory, more than the machine has for a large one
    // (docs/performance.md#where-a-restore-spends-its-memory).
    db.exec('PRAGMA temp_store = FILE')
    db.prepare('ATTACH DATABASE ? AS backup').run(backupUri(from))
    // Only the database is held exclusively; the backup is only read. Attached under an exclusive mode set for every
    // schema, a backup in WAL mode (a copy of a stopped database with its -wal) was refused as "in use" while
    // checkFile's connection to it, which libsql closes only when collected, still held its shared lock.
    db.exec('PRAGMA main.locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
  } catch (err) {
    if (!isBusy(err)) throw err
    throw new AppError(
      'storage_unavailable',
      'restore: the database is in use (a running server or another command has it open); stop it first; nothing was changed',
      { reason: 'another process has it open' },
    )
  }
  try {
    copyInto(db)
    db.exec('COMMIT')
    onCommit()
  } catch (err) {
    // A full disk or an I/O error makes SQLite roll the transaction back by itself; a ROLLBACK then failed with
    // "no transaction is active", and that error, not why, reached the operator.
    if (db.inTransaction) db.exec('ROLLBACK')
    throw err
  }
  // The replaced tables' pages are now free pages that still hold their rows (a removed team's posts, keys' hashes),
  // and the file keeps its old size: rewrite it as the backup's content alone, still holding it exclusively.
  // In WAL mode the rewrite lands in the -wal file first; the checkpoint moves it into the database file and cuts both.
  // The backup is committed by now: a failure here (the rewrite needs the backup's size again, on disk) must not read
  // as a restore that did not happen. Running restore again replaces the content again and finishes the rewrite.
  try {
    db.exec('VACUUM')
    db.exec('PRAGMA main.wal_checkpoint(TRUNCATE)')
  } catch (err) {
    const why = storageFailure(err) ?? 'it failed'
    throw new AppError(
      'storage_unavailable',
      `restore: the backup is in place, but the file could not be rewritten without what it replaced (${why}), so its free pages may still hold that: make room and run restore again`,
      { reason: why },
    )
  }
}

/** Whether both paths name one file (by a link, another spelling, or the same path). */
function sameFile(a: string, b: string): boolean {
  const x = statSync(a, { throwIfNoEntry: false })
  const y = statSync(b, { throwIfNoEntry: false })
  return x !== undefined && y !== undefined && x.dev === y.dev && x.ino === y.ino
}

type SchemaRow = { type: string; name: string; sql: string | null }

/** A name as an SQL identifier: a backup's table may be named anything, a double quote included. */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Drops everything in `main`, then recreates the attached backup's tables, rows, indexes and views in it. */
function copyInto(db: Database.Database) {
  const objects = (schema: string) =>
    db
      .prepare(`SELECT type, name, sql FROM ${schema}.sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY rowid`)
      .all() as SchemaRow[]
  for (const o of objects('main').filter((o) => o.type === 'table' || o.type === 'view'))
    db.exec(`DROP ${o.type === 'view' ? 'VIEW' : 'TABLE'} IF EXISTS main.${ident(o.name)}`)
  const theirs = objects('backup')
  for (const o of theirs.filter((o) => o.type === 'table')) {
    db.exec(o.sql as string)
    db.exec(`INSERT INTO main.${ident(o.name)} SELECT * FROM backup.${ident(o.name)}`)
  }
  for (const o of theirs.filter((o) => o.type !== 'table' && o.sql)) db.exec(o.sql as string)
  const sequences = db.prepare("SELECT 1 FROM backup.sqlite_master WHERE name = 'sqlite_sequence'").get()
  if (sequences)
    db.exec('DELETE FROM main.sqlite_sequence; INSERT INTO main.sqlite_sequence SELECT * FROM backup.sqlite_sequence')
}
