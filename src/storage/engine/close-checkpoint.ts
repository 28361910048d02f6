type Engine = { exec(sql: string): void; inTransaction: boolean }

/**
 * Before a connection to a database file is closed: moves every commit in the -wal into the file and cuts the -wal
 * to nothing, so that a cleanly stopped database is its `.db` file alone (docs/operations.md#the-database).
 *
 * Why here: SQLite does this itself when the last connection to a file closes, but the engine closes a connection
 * only once each statement prepared on it has been collected, and the statements kept for reuse were never
 * collected before the process exited. Every clean stop left its commits in the -wal (after 100 MB of writes, a
 * 4 KB `.db` beside a 101 MB -wal), and a `.db` copied alone held none of them.
 *
 * TRUNCATE waits for nobody (the connection has no busy timeout): a reader of another process still on an older
 * state keeps the frames it needs, and that process's own close, or a later checkpoint, copies them. A connection
 * inside a transaction cannot checkpoint; a failure leaves the -wal as it is, which SQLite reads as before.
 */
export function checkpointBeforeClose(db: Engine, path: string) {
  if (path === ':memory:' || db.inTransaction) return
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  } catch {
    // The commits are safe in the -wal; the next connection to close, or to checkpoint, moves them.
  }
}
