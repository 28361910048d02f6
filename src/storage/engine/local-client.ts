import type { Client, InArgs, InStatement, ResultSet, TransactionMode } from '@libsql/client'
import { LibsqlError } from '@libsql/core/api'
import Database from 'libsql'
import { asLibsqlError, asOpenError } from './local-values'
import type { CommitWatch } from './commit-watch'
import { checkpointBeforeClose } from './close-checkpoint'
import { createLockWait, isBusy } from './lock-wait'
import { createPreparedStatements } from './prepared-statements'
import { quietCheckpoints } from './quiet-checkpoints'
import { isQuietWrite } from './quiet-writes'

type BatchItem = InStatement | [string, InArgs?]

// A statement that changes rows (possibly behind WITH). A false positive only takes the write lock for nothing.
const CHANGES_ROWS = /^\s*(?:with\b[\s\S]*?\b)?(?:insert|update|delete|replace)\b/i

/**
 * A `@libsql/client` Client for a local database file, on one connection of the same `libsql` engine.
 *
 * Why not `createClient({ url: 'file:…' })`: that client prepares every statement anew and builds each row with
 * property descriptors; a keyed lookup spends most of its time there rather than in SQLite. This one keeps
 * prepared statements per SQL text and returns rows as arrays that also carry their column names.
 *
 * One connection is enough: every call runs synchronously inside the engine, so calls never interleave, and a
 * batch is one uninterrupted BEGIN…COMMIT. Interactive transactions are not offered (nothing here uses them).
 *
 * When another process holds the write lock, a call waits for it asynchronously for up to `lockWaitMs` (see
 * lock-wait.ts): the engine has no busy timeout, because its wait would block the whole event loop.
 *
 * Every write takes the lock before its first statement runs (BEGIN IMMEDIATE, also around a single statement). A
 * statement that meets the lock half-way stays open, holding the snapshot it started reading, until it runs again;
 * with two such statements waiting in turn, each keeps the other's snapshot, and once another process commits,
 * both fail with SQLITE_BUSY_SNAPSHOT at every try, for as long as they wait (seen beside a running import: 503s
 * for 20 s with the lock free). A BEGIN that meets the lock leaves nothing open.
 */
export function createLocalClient(
  path: string,
  a: { lockWaitMs: number; commits?: CommitWatch; quietFramesPerCheckpoint?: number },
): Client {
  let db: InstanceType<typeof Database>
  try {
    db = new Database(path, { timeout: 0 })
  } catch (e) {
    throw asOpenError(e)
  }
  const lockWait = createLockWait(a.lockWaitMs)
  // docs/performance.md#quiet-checkpoints: the charges' copies of the same pages in the log slow every read.
  const afterQuietCommit = quietCheckpoints((sql) => db.exec(sql), a.quietFramesPerCheckpoint)
  // The engine aborts the whole process when a statement runs on a closed connection; a write scheduled before
  // close() (a hold released after its answer, a lock wait's retry) must fail as an error instead.
  const open = () => {
    if (client.closed) throw new LibsqlError('the database connection is closed', 'CLIENT_CLOSED')
  }

  // The first attempt runs at once (nearly every call: no other writer holds the lock); only one that met SQLITE_BUSY
  // waits. Only outside a transaction is it safe to repeat: inside one begun with a bare execute('BEGIN'), the
  // statements before it would not be repeated with it.
  const retried = async <T>(attempt: () => T): Promise<T> => {
    open()
    try {
      return attempt()
    } catch (e) {
      if (!isBusy(e) || db.inTransaction) throw e
      return lockWait(attempt)
    }
  }
  const statements = createPreparedStatements(db)
  const run = (input: InStatement | string, inArgs?: InArgs): ResultSet => {
    open()
    return statements.run(input, inArgs)
  }

  const sqlOf = (s: BatchItem) => (Array.isArray(s) ? s[0] : typeof s === 'string' ? s : s.sql)

  // A single statement: alone when it only reads (or inside the caller's own transaction), else in a transaction of
  // its own that takes the lock first.
  const runAlone = (stmt: InStatement | string, args?: InArgs): ResultSet =>
    db.inTransaction || !CHANGES_ROWS.test(sqlOf(stmt))
      ? run(stmt, args)
      : inTransaction('BEGIN IMMEDIATE', [typeof stmt === 'string' ? [stmt, args] : stmt])[0]

  const inTransaction = (begin: string, stmts: BatchItem[]): ResultSet[] => {
    open()
    try {
      db.exec(begin)
    } catch (e) {
      // Not ours to roll back: a transaction already open on this connection, or none at all (SQLITE_BUSY).
      throw asLibsqlError(e)
    }
    // docs/performance.md#quiet-writes: marked under the write lock, so the commit's own change is known.
    const quiet =
      a.commits && begin === 'BEGIN IMMEDIATE' && stmts.every((s) => isQuietWrite(sqlOf(s)))
        ? a.commits.quietBegin()
        : null
    try {
      const results = stmts.map((s) => (Array.isArray(s) ? run(s[0], s[1]) : run(s)))
      db.exec('COMMIT')
      if (quiet && a.commits) afterQuietCommit(a.commits.quietEnd(quiet))
      return results
    } catch (e) {
      if (db.inTransaction) db.exec('ROLLBACK')
      throw asLibsqlError(e)
    }
  }

  const client = {
    protocol: 'file',
    closed: false,
    async execute(stmt: InStatement | string, args?: InArgs) {
      return retried(() => runAlone(stmt, args))
    },
    // A batch that met SQLITE_BUSY has rolled back, so it is repeated whole. A deferred batch that writes takes the
    // lock first, as a write batch does.
    async batch(stmts: BatchItem[], mode: TransactionMode = 'deferred') {
      const writes = mode === 'write' || (mode === 'deferred' && stmts.some((s) => CHANGES_ROWS.test(sqlOf(s))))
      return retried(() => inTransaction(writes ? 'BEGIN IMMEDIATE' : 'BEGIN', stmts))
    },
    // As drizzle's migrator does: foreign keys off while tables may be rebuilt.
    async migrate(stmts: InStatement[]) {
      db.exec('PRAGMA foreign_keys = OFF')
      try {
        return await retried(() => inTransaction('BEGIN', stmts))
      } finally {
        db.exec('PRAGMA foreign_keys = ON')
      }
    },
    async executeMultiple(sql: string) {
      open()
      try {
        db.exec(sql)
      } catch (e) {
        throw asLibsqlError(e)
      }
    },
    async transaction(): Promise<never> {
      throw new LibsqlError(
        'interactive transactions are not available on this client; use batch()',
        'TRANSACTION_UNSUPPORTED',
      )
    },
    async sync() {
      return undefined
    },
    reconnect() {},
    close() {
      if (client.closed) return
      client.closed = true
      checkpointBeforeClose(db, path)
      statements.clear()
      db.close()
      // After the engine's connection: closing the watch's descriptor drops the process's locks on the file.
      a.commits?.close()
    },
  }
  return client as unknown as Client
}
