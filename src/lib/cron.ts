import { Cron } from 'croner'

/**
 * Croner's options for a schedule read in UTC: a fixed offset of 0 rather than timezone 'UTC', the same instants
 * (UTC has no daylight saving) by plain UTC arithmetic, where a named zone has croner build an Intl.DateTimeFormat
 * (some 10 ms of every command's start, since the configuration's check finds the schedule's next run; and of
 * each run found) (docs/performance.md#the-command-lines-start).
 */
export const IN_UTC = { utcOffset: 0 } as const

/** The first run of a cron `schedule` (UTC) strictly after `after`, or null when it has none. */
export function nextCronRun(schedule: string, after: Date): Date | null {
  const job = new Cron(schedule, { paused: true, ...IN_UTC })
  try {
    return job.nextRun(after)
  } finally {
    job.stop()
  }
}

/**
 * The latest run of a cron `schedule` (UTC) at or before `at`, or null when it has none: the scheduled time a job
 * started at `at` was started for, also when its timer fired late or its clock differs a little from another's.
 */
export function latestCronRun(schedule: string, at: Date): Date | null {
  const job = new Cron(schedule, { paused: true, ...IN_UTC })
  try {
    // Croner counts a run earlier in the same second as the reference, not one at the very same instant.
    return job.previousRuns(1, new Date(at.getTime() + 1))[0] ?? null
  } finally {
    job.stop()
  }
}
