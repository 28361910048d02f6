import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { AppError } from '../errors'
import { openCommitWatch } from './engine/commit-watch'
import { LOCK_WAIT_MS, tuneConnection } from './engine/connection-settings'
import { drizzle } from './engine/drizzle-core'
import { createLocalClient } from './engine/local-client'
import { openReadConnection } from './engine/read-connection'
import { localPathOf } from './database-url'
import { permissionDenied } from './permissions'
import * as schema from './schema'
import type { Database, RemoteDeadline } from './engine/types'

/**
 * Opens the database: a local file (or `:memory:`) through the embedded engine, or a libSQL server by URL.
 * A local file gets WAL, so the CLI can write while the server reads, and a second writer waits for the lock
 * (without blocking the event loop) instead of failing.
 */
export async function openDatabase(a: {
  url: string
  authToken?: string
  deadline?: RemoteDeadline
}): Promise<Database> {
  const path = localPathOf(a.url)
  if (path === undefined) {
    // Loaded for a libSQL server only: it brings @libsql/client, which a local file does not use.
    const { openRemoteClient } = await import('./engine/remote-client')
    const client = openRemoteClient({
      url: a.url,
      authToken: a.authToken ?? '',
      lockWaitMs: LOCK_WAIT_MS,
      deadline: a.deadline,
    })
    return { client, db: drizzle(client, { schema }) }
  }
  if (path === ':memory:') {
    const client = createLocalClient(path, { lockWaitMs: LOCK_WAIT_MS })
    await tuneConnection(client, path)
    return { client, db: drizzle(client, { schema }) }
  }
  createPrivately(path)
  let commits: ReturnType<typeof openCommitWatch> | undefined
  let client: ReturnType<typeof createLocalClient>
  try {
    commits = openCommitWatch(path)
    client = createLocalClient(path, { lockWaitMs: LOCK_WAIT_MS, commits })
    await tuneConnection(client, path)
  } catch (err) {
    throw asPermissionProblem(err, path)
  }
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
  // The engine reports a folder only as "cannot open: 14", and the file system by a code: both in words here, as
  // every other database the service cannot write is (docs/operations.md#running-it).
  if (existsSync(path) && statSync(path).isDirectory()) throw cannotWrite('it is a folder, not a file')
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
    if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600))
  } catch (err) {
    const why = CANNOT_CREATE[(err as { code?: string }).code ?? '']
    const denied = asPermissionProblem(err, path)
    throw denied !== err ? denied : why ? cannotWrite(why) : err
  }
}

/**
 * `err`, or, when the user this process runs as may not use the database file at `path` (its file, -wal, -shm or
 * directory), that permission problem in words, which the engine's "cannot open" never gave (permissions.ts).
 */
export function asPermissionProblem(err: unknown, path: string | undefined): unknown {
  const why = path === undefined ? undefined : permissionDenied(path)
  return why
    ? new AppError('storage_unavailable', `cannot use the database (database.url): ${why}`, {
        reason: 'permission denied',
      })
    : err
}

// The file does not exist yet when these come, so it is its directory (or one above) that refuses.
const CANNOT_CREATE: Record<string, string> = {
  EACCES: 'its directory is read-only',
  EPERM: 'its directory is read-only',
  EROFS: 'its directory is read-only',
  EEXIST: 'its directory cannot be created: a file stands in its path',
  ENOTDIR: 'its directory cannot be created: a file stands in its path',
  ENOSPC: 'the disk is full',
}

const cannotWrite = (why: string) =>
  new AppError('storage_unavailable', `cannot write the database (database.url): ${why}`, { reason: why })
