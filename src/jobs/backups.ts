import type { Deps } from '../deps'
import { writeScheduledBackup } from '../domain/backups/backups'
import { withLease } from '../domain/leases/lease'

export const BACKUP_LEASE = 'backup'
const LEASE_MS = 10 * 60_000

export type BackupSummary =
  | ({ outcome: 'completed' } & Awaited<ReturnType<typeof writeScheduledBackup>>)
  | { outcome: 'skipped' }

/**
 * One scheduled backup (docs/operations.md#backups-and-restore) under a lease, so two processes sharing the
 * database file do not write the same backup.
 */
export async function runScheduledBackup(
  deps: Pick<Deps, 'config' | 'clock' | 'log' | 'repos' | 'database'>,
): Promise<BackupSummary> {
  const run = await withLease(deps, { name: BACKUP_LEASE, ttlMs: LEASE_MS }, async () => ({
    outcome: 'completed' as const,
    ...(await writeScheduledBackup(deps)),
  }))
  return 'done' in run ? run.done : { outcome: 'skipped' }
}
