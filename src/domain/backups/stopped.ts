import { access } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { type BackupProgress, removePart } from '../../storage/backup'
import { STOP_GRACE_MS } from '../../storage/backup-copy/until-stopped'

export type { BackupProgress }

/**
 * The line `backup --to FILE` ends with when Ctrl-C or TERM stops it (docs/operations.md#backups-and-restore), once
 * the part it made is removed. Each call on the file's folder is off this thread and waited for STOP_GRACE_MS only:
 * on a folder that stopped answering (a network mount whose server went away) it never returns, and a stop that
 * looked for FILE and removed the part on this thread waited in the kernel with it, so Ctrl-C did not end the command.
 */
export async function stoppedBackup(signal: string, to: string, progress: BackupProgress): Promise<string> {
  const said = `lead-signals: backup: stopped by ${signal}`
  const { part } = progress
  if (part === undefined) return `${said}; no backup was written`
  const written = access(to).then(
    () => true,
    () => false,
  )
  const removed = written
    .then(() => removePart(part))
    .then(
      () => 'removed' as const,
      () => 'refused' as const,
    )
  const answer = await Promise.race([removed, sleep(STOP_GRACE_MS, 'silent' as const)])
  const left = `delete ${part} (and its -journal)`
  if (answer === 'removed')
    return (await written)
      ? `${said} once the backup was written: ${to}`
      : `${said}; no backup was written, and the part written was removed`
  if (answer === 'refused') return `${said}; no backup was written, and the part written could not be removed: ${left}`
  // The name is taken by one call on the folder: whatever stands under FILE is a whole, checked backup.
  if (progress.naming)
    return `${said} while the backup took its name, and the folder of the file (--to) does not answer: once it answers, ${to} is a whole, checked backup if it is there; ${left}`
  return `${said}; no backup was written, but the folder of the file (--to) does not answer, so the part written could not be removed: ${left} once it answers`
}
