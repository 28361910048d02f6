import type { Needs } from '../needs'
import { monthOf, resetsAt } from '../quota/month'
import { type HousekeepingDeps, type HousekeepingSummary, housekeep, housekeepingSummary } from './housekeeping'

// The row that says which month's housekeeping is done (storage/repos/job-leases.ts, periodDone).
export const HOUSEKEEPING_DONE = 'housekeeping:done'

type Deps = HousekeepingDeps & Needs<never, 'jobLeases'>

/**
 * Housekeeping, unless some process on the database already completed this month's (`done_already`); a completed
 * run marks the month done until it ends. So several executables on one database housekeep once a month between
 * them (docs/operations.md#several-executables-on-sqld). The caller holds the housekeeping lease.
 */
export async function housekeepOncePerMonth(deps: Deps, now: Date, stop: AbortSignal): Promise<HousekeepingSummary> {
  const month = monthOf(now)
  const leases = deps.repos.jobLeases
  if ((await leases.periodDone(HOUSEKEEPING_DONE)) === month) return housekeepingSummary(now, 'done_already')
  const summary = await housekeep(deps, now, stop)
  if (summary.outcome === 'completed') await leases.markPeriodDone(HOUSEKEEPING_DONE, month, resetsAt(now).getTime())
  return summary
}
