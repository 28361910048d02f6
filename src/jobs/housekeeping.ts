import type { Deps } from '../deps'
import { housekeep, housekeepingSummary, type HousekeepingSummary } from '../domain/housekeeping/housekeeping'
import { withLease } from '../domain/leases/lease'
import { monthOf, resetsAt } from '../domain/quota/month'

export const HOUSEKEEPING_LEASE = 'housekeeping'
// The row that says which month's housekeeping is done (storage/repos/job-leases.ts, periodDone).
export const HOUSEKEEPING_DONE = 'housekeeping:done'
const LEASE_MS = 60_000

/**
 * Monthly housekeeping (domain/housekeeping/), one process at a time: a database lease; `signal` stops it between
 * steps. With `oncePerMonth` (the scheduler's runs) it does nothing in a month it already completed, whichever
 * process completed it, so several executables on one database housekeep once a month between them
 * (docs/operations.md#several-executables-on-sqld).
 */
export async function runHousekeeping(
  deps: Pick<Deps, 'config' | 'clock' | 'log' | 'repos'>,
  a: { signal?: AbortSignal; oncePerMonth?: boolean } = {},
): Promise<HousekeepingSummary> {
  const now = deps.clock.now()
  const month = monthOf(now)
  const leases = deps.repos.jobLeases
  const lease = { name: HOUSEKEEPING_LEASE, ttlMs: LEASE_MS, signal: a.signal }
  const run = await withLease(deps, lease, async (stop) => {
    if (a.oncePerMonth && (await leases.periodDone(HOUSEKEEPING_DONE)) === month)
      return housekeepingSummary(now, 'done_already')
    const summary = await housekeep(deps, now, stop)
    if (summary.outcome === 'completed') await leases.markPeriodDone(HOUSEKEEPING_DONE, month, resetsAt(now).getTime())
    return summary
  })
  return 'done' in run ? run.done : housekeepingSummary(now, 'skipped')
}
