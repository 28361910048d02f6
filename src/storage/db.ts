import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import { drizzle } from 'drizzle-orm/libsql'
import { openCommitWatch } from './engine/commit-watch'
import { LOCK_WAIT_MS, tuneConnection } from './engine/connection-settings'
import { createLocalClient } from './engine/local-client'
import { openReadConnection } from './engine/read-connection'
import { openRemoteClient } from './engine/remote-client'
import * as schema from './schema'
import type { Database } from './engine/types'

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
    file: path,
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
