import { access, open, stat } from 'node:fs/promises'
import { AppError } from '../errors'

// docs/operations.md#backups-and-restore

/** Why a backup's file or folder cannot be created there, in words; the system's code reached the operator before. */
export const CANNOT_CREATE: Record<string, string> = {
  EEXIST: 'a file stands in its path',
  ENOTDIR: 'a file stands in its path',
  ENOENT: 'its directory does not exist',
  EACCES: 'this user may not create it there (permission denied)',
  EPERM: 'this user may not create it there (permission denied)',
  EROFS: 'it is on a read-only file system',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota of this user is spent',
}
// No other place helps with these, a full disk: a failure of the storage (exit 1), as a copy that fills it is.
const FULL = new Set(['ENOSPC', 'EDQUOT'])

/**
 * Creates the part a backup is copied into, owner-only, and returns its path: `partial`, by default `to` + `.partial`
 * (a scheduled run's name is its own, domain/backups/backups.ts). `to` itself must not exist: a backup never
 * overwrites. Refusals name the file by its `setting`, never its path. Off the event loop, as every call on the
 * backup's folder: one on a mount that stopped answering would hold the server (docs/operations.md#a-job-that-hangs).
 */
export async function createPart(to: string, setting: string, partial = `${to}.partial`): Promise<string> {
  try {
    // A folder where the file should be ("backups/"): "already exists" sent the operator looking for a file.
    const there = await stat(to).catch(() => undefined)
    if (there) throw Object.assign(new Error('exists'), { code: there.isDirectory() ? 'EISDIR' : 'EEXIST' })
    await (await open(partial, 'wx', 0o600)).close()
    return partial
  } catch (err) {
    // Only FILE.partial is there: a backup killed mid-copy left it (or one is writing it now), which "FILE already
    // exists" did not say while FILE was nowhere to be seen. It is not removed, since a backup may still be writing it.
    const toThere = await access(to).then(
      () => true,
      () => false,
    )
    if ((err as NodeJS.ErrnoException).code === 'EEXIST' && !toThere)
      throw new AppError(
        'invalid_request',
        `backup: the file (${setting}) with .partial added exists: a backup to that name was cut off, or is still running; if none is running, delete it (and its -journal), or give a new file name`,
      )
    throw cannotCreate(err, setting)
  }
}

export function cannotCreate(err: unknown, setting: string): AppError {
  const code = (err as NodeJS.ErrnoException).code ?? 'error'
  if (code === 'EISDIR')
    return new AppError(
      'invalid_request',
      `backup: the file (${setting}) is a folder; give a new file name in it, as FOLDER/lead-signals.db`,
    )
  if (code === 'EEXIST')
    return new AppError('invalid_request', `backup: the file (${setting}) already exists; give a new file name`)
  const why = CANNOT_CREATE[code] ?? `the system refused it (${code})`
  if (FULL.has(code))
    return new AppError('storage_unavailable', `backup: the file (${setting}) cannot be created: ${why}`, {
      reason: why,
    })
  // A scheduled run is given no file to change: its folder is the setting to mend.
  const mend =
    setting === 'backup.dir'
      ? 'make backup.dir a folder the user serve runs as may write in'
      : 'give a file in an existing, writable directory'
  return new AppError('invalid_request', `backup: the file (${setting}) cannot be created: ${why}; ${mend}`)
}
