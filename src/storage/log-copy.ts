import type { Database } from './engine/types'

/**
 * Copies every commit in a database file's -wal back into the file and empties the log, without closing it: for a
 * server that exits past its shutdown bound, whose database stays open under what it cuts off (cli/serve.ts),
 * so that its `.db` file alone still holds everything committed (docs/operations.md#the-database).
 *
 * The connection commits each transaction in one synchronous call, so none of its own is open here; a polling
 * writer's thread still inside one holds the write lock, and the checkpoint, waiting for nobody, then copies what was
 * committed before it. On a libSQL server there is no file of ours: nothing to do. A failure leaves the log as it is.
 */
export async function copyLogBack(database: Database): Promise<void> {
  if (!database.file) return
  await database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)').catch(() => undefined)
}
