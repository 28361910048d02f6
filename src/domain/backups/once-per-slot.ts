import type { Config } from '../../config/schema'
import type { Clock } from '../../lib/clock'
import { latestCronRun, nextCronRun } from '../../lib/cron'
import type { Needs } from '../needs'
import { CopyStopped } from '../../storage/backup-copy/copy'
import { lockHeld } from '../../storage/failure'
import { appErrorIn } from '../../errors'
import { BUSY_WRITE } from '../../lib/busy-write'
import { writeScheduledBackup } from './backups'

// The row that names the latest scheduled time whose backup is written (storage/repos/job-leases.ts, periodDone).
const BACKUP_DONE = 'backup:done'
const DAY_MS = 86_400_000
// Clocks sharing one database differ by far less: a time marked done further ahead of the present than this was
// marked by a clock that ran ahead and was set back since (docs/architecture.md#clocks-and-schedules).
const AHEAD_MS = 5 * 60_000

export type SlotBackup = { slot: string } & (
  | ({ outcome: 'completed' } & Awaited<ReturnType<typeof writeScheduledBackup>>)
  | { outcome: 'done_already' | 'stopped' }
)

const BUSY_REASONS = new Set(Object.values(BUSY_WRITE))

/**
 * Whether a backup failed for a cause that passes by itself, so that trying again minutes later may write it: another
 * writer held the write lock past the wait (for the lease, the copy or marking the time done), or backup.dir's file
 * system refused the copy's writes as busy (EBUSY, EAGAIN: a network or FUSE mount,
 * storage/backup-copy/busy-answer.ts). A full disk or a folder that cannot be written stays so until someone mends it.
 */
export const failedForAWhile = (err: unknown) =>
  lockHeld(err) || BUSY_REASONS.has(appErrorIn(err)?.extra.reason as string)

/** The scheduled time (ISO) a run of backup.schedule at the clock's present is for; the present without one. */
export function backupSlot(deps: { config: Config; clock: Clock }): Date {
  const now = deps.clock.now()
  const { schedule } = deps.config.backup
  return (schedule && latestCronRun(schedule, now)) || now
}

/**
 * docs/operations.md#backups-and-restore: the backup of scheduled time `slot`, unless a process on the database
 * already wrote it (`done_already`); a backup written marks its time done. So a process whose timer fires once
 * another's backup of the same time has ended (its clock a little behind, its event loop busy) writes no second
 * backup of it, which pushed an older one out of backup.keep. A time marked done well ahead of the present (a clock
 * that ran ahead, set back since) is disregarded. `signal` (shutdown) stops the copy at once: nothing is written
 * and the time is not marked done. The caller holds the backup lease.
 */
export async function backupOncePerSlot(
  deps: { config: Config; clock: Clock } & Needs<never, 'jobLeases'>,
  slot: Date,
  signal?: AbortSignal,
): Promise<SlotBackup> {
  const leases = deps.repos.jobLeases
  const at = slot.toISOString()
  // ISO times of one width: text order is time order, and a later time done means this one is past too. Unless it
  // is later than any clock on the database can be: then it would hold every backup back until that time.
  const done = (await leases.periodDone(BACKUP_DONE)) ?? ''
  const ahead = Date.parse(done) > deps.clock.now().getTime() + AHEAD_MS
  if (done >= at && !ahead) return { slot: at, outcome: 'done_already' }
  let written: Awaited<ReturnType<typeof writeScheduledBackup>>
  try {
    written = await writeScheduledBackup(deps, signal)
  } catch (err) {
    if (err instanceof CopyStopped) return { slot: at, outcome: 'stopped' }
    throw err
  }
  // Kept a day at least, and until the next scheduled time supersedes it (then housekeeping may drop it).
  const { schedule } = deps.config.backup
  const next = (schedule && nextCronRun(schedule, slot)?.getTime()) || 0
  await leases.markPeriodDone(BACKUP_DONE, at, Math.max(next, slot.getTime() + DAY_MS))
  return { slot: at, outcome: 'completed', ...written }
}
