import { rm, stat } from 'node:fs/promises'
import { AppError } from '../errors'
import { takeName } from '../lib/take-name'
import { cannotCreate, createPart } from './backup-target'
import { busyAnswer } from './backup-copy/busy-answer'
import { CopyStopped, copyInThread } from './backup-copy/copy'
import { untilStopped } from './backup-copy/until-stopped'
import { storageFailure } from './failure'

// docs/operations.md#backups-and-restore

/**
 * Writes a consistent copy of the embedded database `file` to `to` while it is in use: `VACUUM INTO` reads one
 * snapshot (writers go on meanwhile in WAL mode) and writes a compact database file, which is then checked with
 * `PRAGMA integrity_check`, both on a thread of their own (backup-copy/copy.ts). The file (named by `setting` in
 * messages) must not exist; it is created owner-only, like the database, since it holds key hashes and every team's
 * data. The copy is written as `to` + `.partial` (or `part`) and takes its name only once checked, so a backup cut
 * off (the process killed, the disk full) is never taken for one, by an operator or by the scheduled backups'
 * rotation; a copy that fails is removed.
 */
export async function writeBackup(
  file: string,
  to: string,
  setting: string,
  a: { signal?: AbortSignal; progress?: BackupProgress; part?: string } = {},
): Promise<{ bytes: number }> {
  const { signal, progress = {} } = a
  const partial = await untilStopped(createPart(to, setting, a.part), signal, removePart)
  progress.part = partial
  try {
    const problem = await copyInThread(file, partial, signal)
    if (problem) throw new AppError('internal', `backup: the copy failed its check (${problem}); it was removed`)
    progress.naming = true
    await untilStopped(takeName(partial, to), signal)
    return { bytes: (await untilStopped(stat(to), signal)).size }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw cannotCreate(err, setting)
    // The database is only read: a copy that cannot be written (a full disk, an I/O error, a file size limit) is the
    // backup file's, which the command line's "cannot write the database (database.url)" sent the operator away from.
    const failure = storageFailure(err)
    if (failure === undefined) throw err
    // The engine says any refused write as an I/O error; the file system says whether it was only busy.
    const why = (await untilStopped(busyAnswer(partial), signal).catch(() => undefined)) ?? failure
    throw new AppError(
      'storage_unavailable',
      `backup: the copy could not be written to the file (${setting}): ${why}; it was removed`,
      { reason: why },
    )
  } finally {
    // Stopped (serve stopping), the removal is waited for a moment only: on a folder that stopped answering it never
    // returns, and a later scheduled run removes a part an hour old.
    await untilStopped(removePart(partial), signal).catch((err) => {
      if (!(err instanceof CopyStopped)) throw err
    })
  }
}

/** How far a backup has come, for a command stopped meanwhile: its part once made, then whether it takes its name. */
export type BackupProgress = { part?: string; naming?: boolean }

// SQLite's -journal of the part stays when the disk fills mid-copy: it is the part's too.
export const removePart = (partial: string) =>
  Promise.all([partial, `${partial}-journal`].map((f) => rm(f, { force: true })))
