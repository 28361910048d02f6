import type { Deps } from '../deps'
import { AppError } from '../errors'
import { type PassOptions, pollPass } from '../domain/polling/pass'
import { type PassSummary, skippedPass } from '../domain/polling/summary'
import { JobStalled, watchedLease } from '../domain/health/watched-lease'
import { POLL_LEASE } from '../domain/leases/polling-pass'

export { POLL_LEASE }
// The job as GET /readyz names it when it is stuck (docs/api.md#health).
const POLLING = 'keyword polling'

/**
 * A pass given up on because the database stopped answering it for `polling.lease_seconds`
 * (docs/operations.md#a-pass-that-hangs). `already`: an earlier pass was given up on in the same outage, so this one
 * (which could not even take the lease) is a skipped pass, not a new stall.
 */
export class PollStalled extends AppError {
  constructor(
    readonly since: string,
    readonly seconds: number,
    readonly already: boolean,
  ) {
    super(
      'storage_unavailable',
      already
        ? `the database has not answered keyword polling since ${since}; this pass is skipped`
        : `keyword polling is stuck: the database has not answered it since ${since} (${seconds} s, polling.lease_seconds); the pass is given up`,
    )
  }
}

/**
 * The keyword-polling job: one pass (domain/polling/pass.ts) under the database lease that keeps a second process
 * from polling at the same time (docs/operations.md#one-pass-at-a-time). `signal` (shutdown) stops the pass between
 * steps; what was fetched and not scored stays queued. A pass whose lease lapses throws PollStalled and is recorded
 * in `deps.stuck` until the database answers again.
 */
export async function runPollPass(
  deps: Deps,
  a: Omit<PassOptions, 'stop'> & { signal?: AbortSignal } = {},
): Promise<PassSummary> {
  const startedAt = deps.clock.now().toISOString()
  const lease = { name: POLL_LEASE, ttlMs: deps.config.polling.lease_seconds * 1000, signal: a.signal }
  try {
    const run = await watchedLease(deps, POLLING, lease, (stop) =>
      pollPass(deps, { teamId: a.teamId, rulesPool: a.rulesPool, skip: a.skip, stop }),
    )
    if ('done' in run) return run.done
    deps.log.info('poll_skipped', { reason: 'another process holds the polling lease' })
    return skippedPass(startedAt)
  } catch (err) {
    if (!(err instanceof JobStalled)) throw err
    throw new PollStalled(err.since, err.seconds, err.already)
  }
}
