import type { Deps } from '../deps'
import { housekeep, housekeepingSummary, type HousekeepingSummary } from '../domain/housekeeping/housekeeping'
import { housekeepOncePerMonth } from '../domain/housekeeping/once-a-month'
import { withLease } from '../domain/leases/lease'

export const HOUSEKEEPING_LEASE = 'housekeeping'
const LEASE_MS = 60_000

/**
 * Monthly housekeeping (domain/housekeeping/), one process at a time: a database lease; `signal` stops it between
 * steps. With `oncePerMonth` (the scheduler's runs) it does nothing in a month some process already completed.
 */
export async function runHousekeeping(
  deps: Pick<Deps, 'config' | 'clock' | 'log' | 'repos'>,
  a: { signal?: AbortSignal; oncePerMonth?: boolean } = {},
): Promise<HousekeepingSummary> {
  const now = deps.clock.now()
  const lease = { name: HOUSEKEEPING_LEASE, ttlMs: LEASE_MS, signal: a.signal }
  const run = await withLease(deps, lease, (stop) =>
    a.oncePerMonth ? housekeepOncePerMonth(deps, now, stop) : housekeep(deps, now, stop),
  )
  return 'done' in run ? run.done : housekeepingSummary(now, 'skipped')
}
