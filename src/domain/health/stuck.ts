/**
 * How a degraded job is told: `says(since)` the sentence GET /readyz lists, once it has been degraded for `afterMs`
 * (readiness.ts's DEGRADED_AFTER_MS when not given).
 */
type Degraded = { since: string; says: (since: string) => string; afterMs?: number }

/**
 * The jobs this process gave up on because the database stopped answering them (a lapsed lease,
 * docs/operations.md#a-pass-that-hangs), each with the last time it answered; GET /readyz tells the first. A job
 * leaves the list when the database answers it, or readiness's own probe, again.
 */
export type StuckJobs = {
  /** Records `job` as stuck; an earlier `since` of the same outage stands. Says whether it was stuck already. */
  stuck(job: string, since: string): { since: string; already: boolean }
  answered(job: string): void
  /** Since when `job` is stuck, if it is. */
  sinceOf(job: string): string | undefined
  /** The job stuck the longest, if any. */
  first(): { job: string; since: string } | undefined
  /** Every job answers again. */
  clear(): void
  /**
   * A job that runs but cannot do its work for a cause outside this server and its database (a stream that cannot
   * read its platform, backups that fail), since `since`, told by `says`; an earlier `since` of the same outage
   * stands. Undefined: it works again. The database answering does not end it, nor does `clear`.
   */
  degraded(job: string, state: Degraded | undefined): void
  degradedJobs(): Degraded[]
}

export function stuckJobs(): StuckJobs {
  const since = new Map<string, string>()
  const degradedSince = new Map<string, Degraded>()
  return {
    stuck(job, at) {
      const earlier = since.get(job)
      if (earlier) return { since: earlier, already: true }
      since.set(job, at)
      return { since: at, already: false }
    },
    answered: (job) => void since.delete(job),
    sinceOf: (job) => since.get(job),
    first() {
      let first: { job: string; since: string } | undefined
      for (const [job, at] of since) if (!first || at < first.since) first = { job, since: at }
      return first
    },
    clear: () => since.clear(),
    degraded(job, state) {
      if (state === undefined) degradedSince.delete(job)
      else if (!degradedSince.has(job)) degradedSince.set(job, state)
    },
    degradedJobs: () => [...degradedSince.values()],
  }
}
