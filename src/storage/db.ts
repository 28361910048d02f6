import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Client } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { type CommitWatch, openCommitWatch } from './commit-watch'
import { createLocalClient } from './local-client'
import { openReadConnection, type ReadConnection } from './read-connection'
import { openRemoteClient } from './remote-client'
import * as schema from './schema'

export type Db = ReturnType<typeof drizzle<typeof schema>>
/**
 * On a local file only (in memory there is no file to open twice, a server has its own): `openReader`, a read-only
 * connection of its own for a sweep of the file (read-connection.ts), where elsewhere such reads go through
 * `client`; and `commits`, which tells whether anything was committed since the last look (commit-watch.ts).
 */
export type Database = { client: Client; db: Db; openReader?: () => ReadConnection; commits?: CommitWatch }

// How long a call waits for another process's write lock (e.g. an import's batch, or another executable's writes on
// a libSQL server) before it gives up.
const LOCK_WAIT_MS = 5000

/**
 * Opens the database: a local file (or `:memory:`) through the embedded engine, or a libSQL server by URL.
 * A local file gets WAL, so the CLI can write while the server reads, and a second writer waits for the lock
 * (without blocking the event loop) instead of failing.
 */
export async function openDatabase(a: { url: string; authToken?: string }): Promise<Database> {
  const path = localPathOf(a.url)
  if (path === undefined) {
    const client = openRemoteClient({ url: a.url, authToken: a.authToken ?? '', lockWaitMs: LOCK_WAIT_MS })
    return { client, db: drizzle(client, { schema }) }
  }
  if (path !== ':memory:') createPrivately(path)
  const commits = path === ':memory:' ? undefined : openCommitWatch(path)
  const client = createLocalClient(path, { lockWaitMs: LOCK_WAIT_MS, commits })
  if (path !== ':memory:') await client.execute('PRAGMA journal_mode = WAL')
  // In WAL mode NORMAL stays consistent after a crash and skips an fsync per commit; a power cut can lose the
  // last commits (a few usage counts), which is the usual trade for a server database.
  await client.execute('PRAGMA synchronous = NORMAL')
  await client.execute('PRAGMA foreign_keys = ON')
  // 32 MiB of page cache (SQLite's default is 2 MiB) keeps the signal indexes' hot pages in memory.
  await client.execute('PRAGMA cache_size = -32768')
  // A polling pass commits a page of signals at a time, each touching pages of seven indexes: about 40 kB of WAL a
  // signal. A checkpoint copies the pages back and syncs the file, on the thread that committed; at SQLite's default
  // (every 1,000 pages) the same index pages were copied back every few commits. Every 100,000 pages (a WAL of up to
  // 400 MB while signals are stored) a pass stores its signals in three quarters of the time it took at 10,000; the
  // file is cut back to 64 MiB each time the log starts over (docs/performance.md#checkpoints).
  if (path !== ':memory:') {
    await client.execute('PRAGMA wal_autocheckpoint = 100000')
    await client.execute(`PRAGMA journal_size_limit = ${64 * 1024 * 1024}`)
  }
  const openReader = path === ':memory:' ? undefined : () => openReadConnection(path)
  return { client, db: drizzle(client, { schema }), openReader, commits }
}

/**
 * The database holds key hashes and every team's data: a directory we create is the owner's only (0700), and so is a
 * new database file (0600). SQLite gives its -wal and -shm files the mode of the database file. An existing file or
 * directory keeps the mode its operator chose.
 */
export function createPrivately(path: string) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600))
}

/** `file:PATH`, `file:///abs` or `:memory:` → a path for the engine; undefined for a server URL. */
export function localPathOf(url: string): string | undefined {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:'
  if (!url.startsWith('file:')) return undefined
  const rest = url.slice('file:'.length).split('?')[0]
  return rest.startsWith('//') ? rest.replace(/^\/\/[^/]*/, '') : rest
}
