import type { Client } from '@libsql/client'
import type { drizzle } from 'drizzle-orm/libsql'
import type * as schema from '../schema'
import type { CommitWatch } from './commit-watch'
import type { ReadConnection } from './read-connection'

export type Db = ReturnType<typeof drizzle<typeof schema>>
/**
 * On a local file only (in memory there is no file to open twice, a server has its own): `openReader`, a read-only
 * connection of its own for a sweep of the file (read-connection.ts), where elsewhere such reads go through
 * `client`; `commits`, which tells whether anything was committed since the last look (commit-watch.ts); and `file`,
 * the file's path, on which the polling repository opens its writer thread (storage/polling-writer/writer.ts).
 */
export type Database = {
  client: Client
  db: Db
  openReader?: () => ReadConnection
  commits?: CommitWatch
  file?: string
}

/** The bounds of a libSQL server client's write deadline (write-deadline.ts); unset, its defaults. */
export type RemoteDeadline = { answerMs: number; probeMs: number; stuckMs?: number }
