import { type LeaseDeps, LeaseLapsed, withLease } from '../leases/lease'
import { storageUnavailable } from './storage'
import type { StuckJobs } from './stuck'

type LeaseRun = { name: string; ttlMs: number; signal?: AbortSignal }

/**
 * A run of `job` given up on because the database stopped answering its lease (docs/operations.md#a-job-that-hangs):
 * `since` the last time it answered, over the whole outage; `already` when an earlier run of the same outage was
 * given up on (told once, not at each run).
 */
export class JobStalled extends Error {
  constructor(
    readonly job: string,
    readonly since: string,
    readonly seconds: number,
    readonly already: boolean,
  ) {
    super(`${job} is stuck: the database has not answered it since ${since} (${seconds} s); the run is given up`)
    this.name = 'JobStalled'
  }
}

/**
 * `withLease` for a job GET /readyz names when it is stuck (domain/health/stuck.ts): a lapsed lease records `job`
 * as stuck and throws JobStalled; a lease taken or found held is an answer, which ends the job's stuck state.
 */
export async function watchedLease<T>(
  deps: LeaseDeps & { stuck: StuckJobs },
  job: string,
  lease: LeaseRun,
  work: (stop: AbortSignal) => Promise<T>,
): Promise<{ done: T } | { heldBy: string }> {
  try {
    const run = await withLease(deps, lease, (stop) => {
      deps.stuck.answered(job)
      return work(stop)
    })
    if ('heldBy' in run) deps.stuck.answered(job)
    return run
  } catch (err) {
    // A try in the same outage whose lease the database's deadline gave up on (a libSQL server that stays silent) is
    // part of the stall already told, not a failure of its own.
    const stuckSince = deps.stuck.sinceOf(job)
    if (stuckSince && storageUnavailable(err))
      throw new JobStalled(job, stuckSince, Math.round((Date.now() - Date.parse(stuckSince)) / 1000), true)
    if (!(err instanceof LeaseLapsed)) throw err
    const stuck = deps.stuck.stuck(job, err.since)
    throw new JobStalled(job, stuck.since, err.seconds, stuck.already)
  }
}
