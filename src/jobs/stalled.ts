import type { Deps } from '../deps'
import type { JobStalled } from '../domain/health/watched-lease'

/**
 * Tells a run given up on: once an outage as the warning `job_stalled`, with when the database last answered, never
 * its address; a later run of the same outage as `job_skipped` (docs/operations.md#logs).
 */
export function tellStalled(deps: Pick<Deps, 'log'>, err: JobStalled, next: string): void {
  if (err.already) deps.log.info('job_skipped', { job: err.job, reason: err.message })
  else deps.log.warn('job_stalled', { job: err.job, since: err.since, waitedSeconds: err.seconds, next })
}
