import type { Deps } from '../deps'
import { withLease } from '../domain/leases/lease'
import { type PassOptions, pollPass } from '../domain/polling/pass'
import { type PassSummary, skippedPass } from '../domain/polling/summary'

export const POLL_LEASE = 'keyword-polling'

/**
 * The keyword-polling job: one pass (domain/polling/pass.ts) under the database lease that keeps a second process
 * from polling at the same time (docs/operations.md#one-pass-at-a-time). `signal` (shutdown) stops the pass between
 * steps; what was fetched and not scored stays queued.
 */
export async function runPollPass(
  deps: Deps,
  a: Omit<PassOptions, 'stop'> & { signal?: AbortSignal } = {},
): Promise<PassSummary> {
  const startedAt = deps.clock.now().toISOString()
  const lease = { name: POLL_LEASE, ttlMs: deps.config.polling.lease_seconds * 1000, signal: a.signal }
  const run = await withLease(deps, lease, (stop) =>
    pollPass(deps, { teamId: a.teamId, rulesPool: a.rulesPool, skip: a.skip, stop }),
  )
  if ('done' in run) return run.done
  deps.log.info('poll_skipped', { reason: 'another process holds the polling lease' })
  return skippedPass(startedAt)
}
