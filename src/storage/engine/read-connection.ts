import { LibsqlError } from '@libsql/core/api'
import Database from 'libsql'
import { asLibsqlError } from './local-values'

type Statement = ReturnType<InstanceType<typeof Database>['prepare']>

/** A connection of its own that only reads, and gives rows as plain arrays of their values. */
export type ReadConnection = {
  all(sql: string, args: unknown[]): Promise<unknown[][]>
  close(): void
}

// docs/performance.md#where-an-export-spends-its-memory: SQLite's default (2 MiB). A read that walks the table in its
// stored order uses each page once; it needs the path down the B-tree in memory, not the pages it has passed.
const READ_CACHE_KIB = 2048

/**
 * A second connection to a local database file, for a read that sweeps much of it (the signals export,
 * docs/api.md#export). Its page cache is its own and small: on the main connection such a sweep would fill the
 * 32 MiB cache with table pages read once (32 MB more memory for the process) and push out the index pages the
 * list's requests keep reading. In WAL mode the two connections never block each other's reads; each statement
 * reads the latest commit, as on the main connection.
 *
 * Rows come as arrays: the main client also names each value on its row, 14 properties a row that a sweep of a
 * million rows would only leave for the garbage collector.
 */
export function openReadConnection(path: string): ReadConnection {
  const db = new Database(path, { timeout: 0 })
  db.exec(`PRAGMA query_only = ON; PRAGMA cache_size = -${READ_CACHE_KIB}`)
  const statements = new Map<string, Statement>()
  let closed = false
  return {
    async all(sql, args) {
      // The engine aborts the process on a statement run on a closed connection; this fails as an error instead.
      if (closed) throw new LibsqlError('the read connection is closed', 'CLIENT_CLOSED')
      try {
        let stmt = statements.get(sql)
        if (!stmt) {
          stmt = db.prepare(sql).raw(true)
          statements.set(sql, stmt)
        }
        return stmt.all(args) as unknown as unknown[][]
      } catch (e) {
        throw asLibsqlError(e)
      }
    },
    close() {
      if (closed) return
      closed = true
      statements.clear()
      db.close()
    },
  }
}
