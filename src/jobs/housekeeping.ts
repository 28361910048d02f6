import type { Deps } from '../deps'
import { housekeep, housekeepingSummary, type HousekeepingSummary } from '../domain/housekeeping/housekeeping'
import { housekeepOncePerMonth } from '../domain/housekeeping/once-a-month'
import { withLease } from '../domain/leases/lease'
import { pause } from '../lib/pause'

export const HOUSEKEEPING_LEASE = 'housekeeping'
const LEASE_MS = 60_000
// How often a scheduled run that found another process's run going looks again whether it has ended.
const LOOK_AGAIN_MS = 2_000

type HousekeepingJobDeps = Pick<Deps, 'config' | 'clock' | 'log' | 'repos'>

/**
 * Monthly housekeeping (domain/housekeeping/), one process at a time: a database lease; `signal` stops it between
 * steps. With `oncePerMonth` (the scheduler's runs) it does nothing in a month some process already completed, and
 * waits out another process's run instead of skipping: that run may end without completing the month (stopped at its
 * shutdown, failed), and no scheduled run would look again before the next month (docs/operations.md#housekeeping).
 * Without it, a run that finds the lease held is `skipped` at once.
 */
export async function runHousekeeping(
  deps: HousekeepingJobDeps,
  a: { signal?: AbortSignal; oncePerMonth?: boolean } = {},
): Promise<HousekeepingSummary> {
  const stopped = a.signal ?? new AbortController().signal
  for (;;) {
    const run = await runOnce(deps, a)
    if ('done' in run) return run.done
    if (a.oncePerMonth && !stopped.aborted) await pause(LOOK_AGAIN_MS, stopped)
    if (!a.oncePerMonth || stopped.aborted) return housekeepingSummary(deps.clock.now(), 'skipped')
  }
}

/** One try: the run under the lease, or who holds it. The month is read at each try, which may be in the next one. */
function runOnce(deps: HousekeepingJobDeps, a: { signal?: AbortSignal; oncePerMonth?: boolean }) {
  const now = deps.clock.now()
  const lease = { name: HOUSEKEEPING_LEASE, ttlMs: LEASE_MS, signal: a.signal }
  return withLease(deps, lease, (stop) =>
    a.oncePerMonth ? housekeepOncePerMonth(deps, now, stop) : housekeep(deps, now, stop),
  )
}
