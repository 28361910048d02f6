import { accessSync, constants, type Stats, statSync } from 'node:fs'
import { dirname } from 'node:path'

// docs/operations.md#running-it: a database the user this process runs as may not use. SQLite says only that it
// cannot open the file (or that it is read-only), whichever of the file, its -wal and -shm, or its directory refused;
// the file system tells which, by EACCES. The words name no path: the setting (database.url) names the file.

const READ_WRITE = constants.R_OK | constants.W_OK
const ENTER_WRITE = constants.W_OK | constants.X_OK

/**
 * Why the user this process runs as may not open, read or write the database file at `path` (or create it), for
 * lack of permission, in words that name what refuses and what to do; undefined when permissions are not the cause.
 */
export function permissionDenied(path: string): string | undefined {
  const file = statOf(path)
  if (file === 'denied') return unreachable()
  if (file === undefined) return newFileDenied(path)
  for (const [p, what] of [
    [path, 'file'],
    [`${path}-wal`, '-wal file'],
    [`${path}-shm`, '-shm file'],
  ] as const) {
    const s = p === path ? file : statOf(p)
    if (s !== undefined && s !== 'denied' && deniedTo(p, READ_WRITE))
      return `permission denied on its ${what} ${ownership(s)}, the user this runs as: run lead-signals as that owner, or let this user read and write the database file and its -wal and -shm files (chown or chmod)`
  }
  // SQLite creates the -wal and -shm files beside the database when they are not there.
  const dir = dirname(path)
  const dirStat = statOf(dir)
  const missing = statOf(`${path}-wal`) === undefined || statOf(`${path}-shm`) === undefined
  if (missing && dirStat !== undefined && dirStat !== 'denied' && deniedTo(dir, ENTER_WRITE))
    return `${dirDenied(dirStat)}: SQLite creates the -wal and -shm files there, beside the database; ${dirAdvice}`
  return undefined
}

/** A file to be created: the nearest directory that exists on its way must let this user create in it. */
function newFileDenied(path: string): string | undefined {
  for (let dir = dirname(path), depth = 0; depth < 64; dir = dirname(dir), depth++) {
    const s = statOf(dir)
    if (s === 'denied') return unreachable()
    if (s === undefined) {
      if (dirname(dir) === dir) return undefined
      continue
    }
    // A file standing where a directory should be is no permission problem (db.ts says what it is).
    if (!s.isDirectory() || !deniedTo(dir, ENTER_WRITE)) return undefined
    // Its own directory refuses; one above it refuses the directory it would be created in, which is not there to
    // chown: said as such, with the owner and mode of the one that refuses.
    return dir === dirname(path)
      ? `${dirDenied(s)}: ${dirAdvice}`
      : `its directory does not exist, and permission is denied on the nearest one above it that does ${ownership(s)}, the user this runs as: create its directory for this user (mkdir, then chown), or run lead-signals as that owner`
  }
  return undefined
}

const uid = () => process.getuid?.() ?? -1

const ownership = (s: Stats) =>
  `(owner uid ${s.uid}, mode ${(s.mode & 0o777).toString(8).padStart(4, '0')}) for uid ${uid()}`

const dirDenied = (s: Stats) => `permission denied on its directory ${ownership(s)}, the user this runs as`

const dirAdvice = 'run lead-signals as that owner, or let this user write to the directory (chown or chmod)'

const unreachable = () =>
  `permission denied on its directory, or one above it, for uid ${uid()}, the user this runs as: let this user enter each directory on the way to the database file (chmod +x), or run lead-signals as their owner`

/** Whether the database file at `path` is there, is not, or lies behind a directory this user may not enter. */
export const databaseFileState = (path: string): 'present' | 'absent' | 'denied' => {
  const s = statOf(path)
  return s === 'denied' ? s : s === undefined ? 'absent' : 'present'
}

/** The file's status; 'denied' when a directory on its way may not be entered; undefined when there is none. */
function statOf(path: string): Stats | 'denied' | undefined {
  try {
    return statSync(path)
  } catch (err) {
    return (err as { code?: string }).code === 'EACCES' ? 'denied' : undefined
  }
}

/** Whether this user lacks `mode` on `path` by its permissions (EACCES; an immutable file's EPERM is no such thing). */
function deniedTo(path: string, mode: number): boolean {
  try {
    accessSync(path, mode)
    return false
  } catch (err) {
    return (err as { code?: string }).code === 'EACCES'
  }
}
