import type { Deps } from '../deps'
import { backupOncePerSlot, backupSlot, type SlotBackup } from '../domain/backups/once-per-slot'
import { withLease } from '../domain/leases/lease'

export const BACKUP_LEASE = 'backup'
const LEASE_MS = 10 * 60_000

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
