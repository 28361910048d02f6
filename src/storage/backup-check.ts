import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import Database from 'libsql'
import { migrations } from '../../drizzle/migrations'
import { schemasNamed } from './migrate'

// docs/operations.md#backups-and-restore: what restore accepts, and what a backup's copy is checked against.

const LATEST = migrations[migrations.length - 1].when
const KNOWN = new Set(migrations.map((m) => m.when))
const NOT_SQLITE = 'not an SQLite database file'

/**
 * The SQLite URI filename that reads the backup at `path` only: `mode=ro`, and `immutable=1` when it has no -wal
 * with content (nor a -journal). A database in WAL mode (a copy of a stopped one) was read through a -shm and a -wal
 * SQLite made beside it, writing into the backups' folder; immutable, it is read as the file alone, which it then is.
 * A -wal with content holds commits of its own and is read as SQLite reads it, through a -shm beside it.
 */
export function backupUri(path: string): string {
  const wal = statSync(`${path}-wal`, { throwIfNoEntry: false })
  const alone = (wal === undefined || wal.size === 0) && !existsSync(`${path}-journal`)
  // In a URI filename `?`, `#` and `%` would end or escape the path: they are written percent-encoded.
  const name = resolve(path).replace(/[%?#]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `file:${name}?mode=ro${alone ? '&immutable=1' : ''}`
}

/**
 * Why `path` is not a usable lead-signals backup for this version, or undefined when it is one. `newer` accepts one a
 * newer version migrated: a backup's own copy is checked so, since an older executable still serving such a database
 * (docs/operations.md#upgrades) must go on backing it up; only restoring it takes the newer version.
 */
export function checkFile(path: string, accept: { newer?: boolean } = {}): string | undefined {
  let db: Database.Database
  if (!existsSync(path)) return 'it does not exist or cannot be read'
  // `--from backups/`, the scheduled backups' folder: "not a database file" read as a damaged backup.
  const found = statSync(path)
  if (found.isDirectory()) return 'it is a folder; give a backup file in it, as FOLDER/lead-signals.db'
  // SQLite takes a file of no bytes, as fstat gives for a device (`--from /dev/zero`) or a pipe, for an empty database:
  // "not a lead-signals database" then named the wrong fault, as if the file were a database of something else.
  if (!found.isFile()) return `it is not a regular file (a device, a pipe or a socket): ${NOT_SQLITE}`
  if (found.size === 0) return `it is empty: ${NOT_SQLITE}`
  try {
    db = new Database(backupUri(path), { readonly: true, fileMustExist: true })
  } catch {
    return 'it does not exist or cannot be read'
  }
  try {
    const check = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]
    if (check.length !== 1 || check[0].integrity_check !== 'ok') return 'PRAGMA integrity_check found damage'
    const applied = (
      db.prepare('SELECT created_at FROM "__drizzle_migrations"').all() as { created_at: unknown }[]
    ).map((row) => Number(row.created_at))
    if (applied.length === 0) return 'it has no migrations: not a lead-signals database'
    if (!accept.newer && Math.max(...applied) > LATEST)
      return `it was written by a newer version of lead-signals (${schemasNamed(applied.length)})`
    // Any application migrated by drizzle has this table: ours are known by their times. Another application's
    // database passed, and the next start laid lead-signals' tables over (or against) its own.
    if (!applied.some((when) => KNOWN.has(when)))
      return "none of its migrations is one of lead-signals': another application's database"
    return undefined
  } catch (err) {
    const code = String((err as { code?: unknown }).code ?? '')
    if (code === 'SQLITE_NOTADB') return `it is ${NOT_SQLITE}`
    if (code.startsWith('SQLITE_CORRUPT')) return 'PRAGMA integrity_check found damage'
    // A file in WAL mode (a copy of a stopped database) is read through a -shm file made beside it: in a read-only
    // folder or snapshot SQLite cannot make one, which "not a lead-signals database" sent the operator away from.
    if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY'))
      return 'it cannot be read in its folder: a database in WAL mode needs to make its -shm file beside it (a read-only folder or snapshot cannot hold one); copy it into a writable folder and give that copy'
    return 'it is not a lead-signals database'
  } finally {
    db.close()
  }
}
