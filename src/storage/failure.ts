import { appErrorIn } from '../errors'
import { LOCK_HELD } from './engine/lock-wait'

// What the database's failures mean to a caller. SQLite reports them by code (an extended code such as
// SQLITE_IOERR_WRITE starts with its base code); a libSQL server that cannot be reached fails the client's fetch.
const CANNOT_WRITE: Record<string, string> = {
  SQLITE_READONLY: 'it is read-only',
  SQLITE_FULL: 'the disk is full',
  SQLITE_IOERR: 'the disk reported an I/O error',
  SQLITE_CANTOPEN: 'its file cannot be opened',
  SQLITE_PERM: 'access is denied',
  SQLITE_BUSY: LOCK_HELD,
  SQLITE_LOCKED: LOCK_HELD,
}
// Connectors and scorers turn their own network failures into AppErrors, so one of these is the database's.
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ConnectionRefused',
  'ConnectionClosed',
])

// A file SQLite cannot read as a database: not one at all (SQLITE_NOTADB), or one whose pages are damaged (a file
// cut short, overwritten, copied while written). Waiting does not help; a backup does
// (docs/operations.md#a-damaged-database).
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB'])

/** Whether the failure passes by itself: another writer held the write lock past the wait, and commits in time. */
export const lockHeld = (err: unknown) => appErrorIn(err)?.extra.reason === LOCK_HELD

/** Whether the failure is the database file's own: damaged, or not a SQLite database. */
export function databaseDamaged(err: unknown): boolean {
  const base = /^SQLITE_[A-Z]+/.exec(codeOf(err) ?? '')?.[0]
  return base !== undefined && DAMAGED.has(base)
}

/** Why the database cannot be written, in words fit for a client or an operator (no path, no SQL), else undefined. */
export function storageFailure(err: unknown): string | undefined {
  // The clients' own failures (remote-client.ts, lock-wait.ts) are already AppErrors, which say why for callers too.
  const known = appErrorIn(err)
  if (known?.kind === 'storage_unavailable') return known.extra.reason ?? 'it cannot be reached'
  const code = codeOf(err)
  if (code === undefined) return undefined
  if (UNREACHABLE.has(code)) return 'its server cannot be reached'
  // A libSQL server whose operator blocked writes to the database (sqld's namespace setting `block_writes`).
  if (code === 'BLOCKED') return 'its server blocks writes'
  // SQLite writes its -wal and -shm files beside the database, so a writable file in a read-only folder is no use.
  if (code === 'SQLITE_READONLY_DIRECTORY') return 'its directory is read-only'
  const base = /^SQLITE_[A-Z]+/.exec(code)?.[0]
  return base === undefined ? undefined : CANNOT_WRITE[base]
}

/**
 * The error's code, or its cause's: the query builder wraps the client's error (its message carrying the SQL) and
 * the native client sets the code on the error it gives as the cause, or (its `DatabaseError`) only as the start of
 * its message (`SQLITE_FULL: …`).
 */
function codeOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 4; depth++) {
    const { code, extendedCode, message, cause, name } = e as {
      code?: unknown
      extendedCode?: unknown
      message?: unknown
      cause?: unknown
      name?: unknown
    }
    // The extended code when the error has one (a LibsqlError's `code` is the base code only).
    if (typeof extendedCode === 'string' && extendedCode.startsWith('SQLITE_')) return extendedCode
    if (typeof code === 'string') return code
    // Only the native client's own error says its code this way; any other error is not the database's.
    const said =
      name === 'DatabaseError' && typeof message === 'string' ? /^(SQLITE_[A-Z_]+):/.exec(message)?.[1] : undefined
    if (said) return said
    e = cause
  }
  return undefined
}
