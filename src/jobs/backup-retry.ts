import { appErrorIn } from '../errors'
import { backupSlot, failedForAWhile } from '../domain/backups/once-per-slot'
import { nextCronRun } from '../lib/cron'
import { pause } from '../lib/pause'
import { type BackupSummary, scheduledBackup } from './backups'

/**
 * How long a scheduled backup that met a passing cause waits before each try again: a long `signals import` on a
 * loaded host holds the write lock in bursts for minutes, not days, so a daily backup that met it need not wait for
 * tomorrow (docs/operations.md#backups-and-restore).
 */
const BACKUP_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000]

/**
 * The scheduler's backup: tried again after each of `delaysMs` while it fails for a cause that passes, for the same
 * scheduled time, as long as the try comes before the schedule's next time (which stays as it was). Each try that
 * will be repeated is logged as `backup_retry`; the last failure is thrown, for the scheduler's job_failed line.
 * Shutdown during a wait ends it as `stopped`.
 */
export async function retriedScheduledBackup(
  deps: Parameters<typeof scheduledBackup>[0],
  a: { signal: AbortSignal; delaysMs?: number[] },
): Promise<BackupSummary> {
  const { schedule } = deps.config.backup
  const slot = backupSlot(deps)
  const next = (schedule && nextCronRun(schedule, slot)?.getTime()) || Infinity
  const delays = a.delaysMs ?? BACKUP_RETRY_DELAYS_MS
  for (let tried = 0; ; tried++) {
    try {
      return await scheduledBackup(deps, a)
    } catch (err) {
      const delay = delays[tried]
      const retryAt = deps.clock.now().getTime() + (delay ?? Infinity)
      if (delay === undefined || !failedForAWhile(err) || retryAt >= next || a.signal.aborted) throw err
      deps.log.warn('backup_retry', {
        slot: slot.toISOString(),
        err: appErrorIn(err),
        retryAt: new Date(retryAt).toISOString(),
      })
      await pause(delay, a.signal)
      if (a.signal.aborted) return { slot: slot.toISOString(), outcome: 'stopped' }
    }
  }
}
