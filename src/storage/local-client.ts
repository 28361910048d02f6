import type { Client, InArgs, InStatement, InValue, ResultSet, Row, TransactionMode } from '@libsql/client'
import { LibsqlError } from '@libsql/client'
import Database from 'libsql'
import { createLockWait, isBusy } from './lock-wait'

type Statement = ReturnType<InstanceType<typeof Database>['prepare']>
type Prepared = { stmt: Statement; columns: string[] | null }

// Enough for every distinct statement the service runs; a bound keeps ad-hoc SQL from growing it forever.
const STATEMENTS_KEPT = 500

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
 */
export function createLocalClient(path: string, a: { lockWaitMs: number }): Client {
  const db = new Database(path, { timeout: 0 })
  const lockWait = createLockWait(a.lockWaitMs)
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
  const statements = new Map<string, Prepared>()

  const prepared = (sql: string): Prepared => {
    let p = statements.get(sql)
    if (!p) {
      const stmt = db.prepare(sql)
      const columns = stmt.reader
        ? stmt
            .raw(true)
            .columns()
            .map((c) => c.name)
        : null
      p = { stmt, columns }
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string)
      statements.set(sql, p)
    }
    return p
  }

  const run = (input: InStatement | string, inArgs?: InArgs): ResultSet => {
    open()
    const sql = typeof input === 'string' ? input : input.sql
    const args = toSqlArgs(typeof input === 'string' ? inArgs : input.args)
    try {
      const { stmt, columns } = prepared(sql)
      if (!columns) {
        const info = stmt.run(args)
        return resultSet([], [], info.changes, BigInt(info.lastInsertRowid))
      }
      const rows = stmt.all(args) as unknown as Row[]
      // Rows stay arrays (what drizzle's typed queries read) and gain their column names for raw SQL callers.
      for (const row of rows)
        for (let i = 0; i < columns.length; i++) (row as Record<string, unknown>)[columns[i]] = row[i]
      return resultSet(columns, rows, 0, undefined)
    } catch (e) {
      throw asLibsqlError(e)
    }
  }

  const inTransaction = (begin: string, stmts: (InStatement | [string, InArgs?])[]): ResultSet[] => {
    open()
    try {
      db.exec(begin)
    } catch (e) {
      // Not ours to roll back: a transaction already open on this connection, or none at all (SQLITE_BUSY).
      throw asLibsqlError(e)
    }
    try {
      const results = stmts.map((s) => (Array.isArray(s) ? run(s[0], s[1]) : run(s)))
      db.exec('COMMIT')
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
      return retried(() => run(stmt, args))
    },
    // A batch that met SQLITE_BUSY has rolled back, so it is repeated whole.
    async batch(stmts: (InStatement | [string, InArgs?])[], mode: TransactionMode = 'deferred') {
      return retried(() =>
        inTransaction(mode === 'write' ? 'BEGIN IMMEDIATE' : mode === 'read' ? 'BEGIN' : 'BEGIN DEFERRED', stmts),
      )
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
      statements.clear()
      db.close()
    },
  }
  return client as unknown as Client
}

function toSqlArgs(args: InArgs | undefined): unknown[] | Record<string, unknown> {
  if (args === undefined) return []
  if (Array.isArray(args)) return args.map(toSqlValue)
  const named: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(args)) named[/^[@$:]/.test(k) ? k.slice(1) : k] = toSqlValue(v)
  return named
}

function toSqlValue(value: InValue | undefined): unknown {
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database')
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.valueOf()
  if (value instanceof ArrayBuffer) return Buffer.from(value)
  return value
}

function resultSet(
  columns: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes: columns.map(() => ''),
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      rows: rows.map((r) => Array.from(r as ArrayLike<unknown>)),
      rowsAffected,
      lastInsertRowid: lastInsertRowid?.toString(),
    }),
  }
}

function asLibsqlError(e: unknown): unknown {
  if (e instanceof LibsqlError || !(e instanceof Error)) return e
  // SQLite's extended codes extend the base one: SQLITE_CONSTRAINT_UNIQUE → SQLITE_CONSTRAINT.
  const extended = (e as { code?: string }).code ?? 'SQLITE_ERROR'
  const base = /^SQLITE_[A-Z]+/.exec(extended)?.[0] ?? extended
  return new LibsqlError(e.message, base, extended, (e as { rawCode?: number }).rawCode, e)
}
