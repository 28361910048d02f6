import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Client } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { type CommitWatch, openCommitWatch } from './commit-watch'
import { LOCK_WAIT_MS, tuneConnection } from './connection-settings'
import { createLocalClient } from './local-client'
import { openPollingWriter, type PollingWriter } from './polling-writer/writer'
import { openReadConnection, type ReadConnection } from './read-connection'
import { openRemoteClient } from './remote-client'
import * as schema from './schema'

export type Db = ReturnType<typeof drizzle<typeof schema>>
/**
 * On a local file only (in memory there is no file to open twice, a server has its own): `openReader`, a read-only
 * connection of its own for a sweep of the file (read-connection.ts), where elsewhere such reads go through
 * `client`; and `commits`, which tells whether anything was committed since the last look (commit-watch.ts).
 */
export type Database = {
  client: Client
  db: Db
  openReader?: () => ReadConnection
  commits?: CommitWatch
  /** A thread that stores a polling pass's pages on a connection of its own (polling-writer/writer.ts). */
  openPollingWriter?: () => PollingWriter
}

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
  await tuneConnection(client, path)
  if (path === ':memory:') return { client, db: drizzle(client, { schema }) }
  return {
    client,
    db: drizzle(client, { schema }),
    openReader: () => openReadConnection(path),
    commits,
    openPollingWriter: () => openPollingWriter(path),
  }
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
