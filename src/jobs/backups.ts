import type { Deps } from '../deps'
import { backupOncePerSlot, backupSlot, type SlotBackup } from '../domain/backups/once-per-slot'
import { withLease } from '../domain/leases/lease'
import { nextCronRun } from '../lib/cron'

const BACKUP_LEASE = 'backup'
const LEASE_MS = 10 * 60_000

// The job as GET /readyz names it while it fails (docs/operations.md#a-job-that-hangs).
const BACKUPS = 'scheduled backups'
const says = (since: string) => `${BACKUPS} have failed since ${since}; the log's job_failed lines say why`
// A run is named once it has run this long, or until its schedule's next time if that comes first: a copy of a large
// database takes seconds to minutes, so one running an hour waits on a backup.dir that stopped answering.
const OVERDUE_MS = 60 * 60_000
const overdue = (since: string) =>
  `the scheduled backup started at ${since} has not ended: its copy into backup.dir does not return (a network mount that stopped answering?); no other backup starts until it ends`
// Each run is its own entry: a run skipped beside one that hangs must not end that one's.
let runs = 0

export type BackupSummary = SlotBackup | { slot: string; outcome: 'skipped' }

/**
 * One scheduled backup (docs/operations.md#backups-and-restore), once per scheduled time among the processes sharing
 * the database file: the lease keeps two from writing at once, the time marked done keeps a later one from writing
 * it again. Without a schedule (a direct call) the time is the present.
 */
export async function runScheduledBackup(
  deps: Pick<Deps, 'config' | 'clock' | 'log' | 'repos' | 'database'>,
  a: { signal?: AbortSignal } = {},
): Promise<BackupSummary> {
  const slot = backupSlot(deps)
  const lease = { name: BACKUP_LEASE, ttlMs: LEASE_MS, signal: a.signal }
  const run = await withLease(deps, lease, (stop) => backupOncePerSlot(deps, slot, stop))
  return 'done' in run ? run.done : { slot: slot.toISOString(), outcome: 'skipped' }
}

/**
 * The scheduler's run: a backup that fails is degraded on GET /readyz (still 200: serving does not need it) from its
 * first failure until one is written, by this process or another, and so is one that has run longer than OVERDUE_MS
 * or into its next scheduled time, until it ends: its copy hangs, and the lease and the scheduler keep every later
 * run from starting beside it (docs/operations.md#a-job-that-hangs).
 */
export async function scheduledBackup(
  deps: Parameters<typeof runScheduledBackup>[0] & Pick<Deps, 'stuck'>,
  a: { signal?: AbortSignal } = {},
): Promise<BackupSummary> {
  const entry = `scheduled backup ${++runs}`
  const started = deps.clock.now()
  const { schedule } = deps.config.backup
  const next = (schedule && nextCronRun(schedule, started)?.getTime()) || Infinity
  const afterMs = Math.min(OVERDUE_MS, next - started.getTime())
  deps.stuck.degraded(entry, { since: started.toISOString(), says: overdue, afterMs })
  try {
    const run = await runScheduledBackup(deps, a)
    if (run.outcome === 'completed' || run.outcome === 'done_already') deps.stuck.degraded(BACKUPS, undefined)
    return run
  } catch (err) {
    deps.stuck.degraded(BACKUPS, { since: deps.clock.now().toISOString(), says })
    throw err
  } finally {
    deps.stuck.degraded(entry, undefined)
  }
}
