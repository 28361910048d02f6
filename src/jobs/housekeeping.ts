import type { Deps } from '../deps'
import { housekeep, housekeepingSummary, type HousekeepingSummary } from '../domain/housekeeping/housekeeping'
import { housekeepOncePerMonth } from '../domain/housekeeping/once-a-month'
import { pause } from '../lib/pause'
import { JobStalled, watchedLease } from '../domain/health/watched-lease'
import { tellStalled } from './stalled'

export const HOUSEKEEPING_LEASE = 'housekeeping'
const LEASE_MS = 60_000
// The job as GET /readyz names it when it is stuck (docs/api.md#health).
const HOUSEKEEPING = 'housekeeping'
// How often a scheduled run that found another process's run going looks again whether it has ended.
const LOOK_AGAIN_MS = 2_000

type HousekeepingJobDeps = Pick<Deps, 'config' | 'clock' | 'log' | 'repos' | 'stuck'>
// `leaseMs`: the lease's time instead of LEASE_MS (tests, which cannot wait a minute for a lapse).
type RunOptions = { signal?: AbortSignal; oncePerMonth?: boolean; leaseMs?: number }

/**
 * The scheduler's run (at start and on the 1st): its summary logged as `housekeeping`, or, when the database stopped
 * answering it for the lease's time, given up on and told once (docs/operations.md#a-job-that-hangs).
 */
export async function scheduledHousekeeping(
  deps: HousekeepingJobDeps,
  a: { signal?: AbortSignal; leaseMs?: number } = {},
): Promise<void> {
  try {
    deps.log.info('housekeeping', await runHousekeeping(deps, { ...a, oncePerMonth: true }))
  } catch (err) {
    if (!(err instanceof JobStalled)) throw err
    tellStalled(deps, err, 'housekeeping runs again at the next start of serve, or on the 1st')
  }
}

/**
 * Monthly housekeeping (domain/housekeeping/), one process at a time: a database lease; `signal` stops it between
 * steps. With `oncePerMonth` (the scheduler's runs) it does nothing in a month some process already completed, and
 * waits out another process's run instead of skipping: that run may end without completing the month (stopped at its
 * shutdown, failed), and no scheduled run would look again before the next month (docs/operations.md#housekeeping).
 * Without it, a run that finds the lease held is `skipped` at once.
 */
export async function runHousekeeping(deps: HousekeepingJobDeps, a: RunOptions = {}): Promise<HousekeepingSummary> {
  const stopped = a.signal ?? new AbortController().signal
  for (;;) {
    const run = await runOnce(deps, a)
    if ('done' in run) return run.done
    if (a.oncePerMonth && !stopped.aborted) await pause(LOOK_AGAIN_MS, stopped)
    if (!a.oncePerMonth || stopped.aborted) return housekeepingSummary(deps.clock.now(), 'skipped')
  }
}

/** One try: the run under the lease, or who holds it. The month is read at each try, which may be in the next one. */
function runOnce(deps: HousekeepingJobDeps, a: RunOptions) {
  const now = deps.clock.now()
  const lease = { name: HOUSEKEEPING_LEASE, ttlMs: a.leaseMs ?? LEASE_MS, signal: a.signal }
  return watchedLease(deps, HOUSEKEEPING, lease, (stop) =>
    a.oncePerMonth ? housekeepOncePerMonth(deps, now, stop) : housekeep(deps, now, stop),
  )
}
