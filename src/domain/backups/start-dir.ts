import type { Config } from '../../config/schema'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'
import type { StuckJobs } from '../health/stuck'
import { checkBackupConfig, makeBackupDir } from './backups'

// How long serve's start waits for backup.dir to be made: a folder that answers, a network mount's included, is made
// in milliseconds; one that has not answered by then is on a mount that stopped answering.
export const BACKUP_DIR_WAIT_MS = 5000

// The entry GET /readyz lists in `degraded` (docs/operations.md#a-job-that-hangs); it names the setting, not the path.
const JOB = 'backup.dir'
const silent = (since: string) =>
  `backup.dir has not answered since ${since}: its folder could not be made (a network mount that stopped answering?); no scheduled backup is written until it answers`

/** What serve's start found of backup.dir; `report` tells it once the deps (log, /readyz) are there. */
type BackupDirAtStart = { report(deps: { log: Logger; stuck: StuckJobs; clock: Clock }): void }

/**
 * serve's start (docs/operations.md#backups-and-restore): refuses backup.schedule without a database file, and makes
 * backup.dir (owner-only), refusing to start when it cannot be made, since the backups would be missing. Off the event
 * loop, and waited for BACKUP_DIR_WAIT_MS only: on a mount that stopped answering the call never returns, and a
 * server that waited for it never listened. It then starts all the same, and the folder is named as degraded (and
 * in one log line) until the call answers (docs/operations.md#a-job-that-hangs).
 */
export async function prepareBackups(config: Config): Promise<BackupDirAtStart> {
  checkBackupConfig(config)
  const nothing = { report() {} }
  if (config.backup.schedule === '') return nothing
  const made = makeBackupDir(config.backup.dir)
  made.catch(() => {})
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<'silent'>((resolve) => {
    timer = setTimeout(() => resolve('silent'), BACKUP_DIR_WAIT_MS)
  })
  // A folder that cannot be made rejects here: the start is refused as before.
  const answer = await Promise.race([made.then(() => 'made' as const), waited]).finally(() => clearTimeout(timer))
  if (answer === 'made') return nothing
  return {
    report(deps) {
      deps.stuck.degraded(JOB, { since: deps.clock.now().toISOString(), says: silent, afterMs: 0 })
      deps.log.warn('backup_dir_silent', {
        message: `backup.dir did not answer within ${BACKUP_DIR_WAIT_MS / 1000} s (a network mount that stopped answering?): serving goes on, and /readyz names it in degraded until it answers; scheduled backups wait for it`,
      })
      made.then(
        () => deps.log.info('backup_dir_answered', { ok: true }),
        (err: Error) => deps.log.warn('backup_dir_answered', { ok: false, reason: err.message }),
      )
      made.catch(() => {}).finally(() => deps.stuck.degraded(JOB, undefined))
    },
  }
}
