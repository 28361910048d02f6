import { Cron } from 'croner'

/** The first run of a cron `schedule` (UTC) strictly after `after`, or null when it has none. */
export function nextCronRun(schedule: string, after: Date): Date | null {
  const job = new Cron(schedule, { paused: true, timezone: 'UTC' })
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
  const job = new Cron(schedule, { paused: true, timezone: 'UTC' })
  try {
    // Croner counts a run earlier in the same second as the reference, not one at the very same instant.
    return job.previousRuns(1, new Date(at.getTime() + 1))[0] ?? null
  } finally {
    job.stop()
  }
}
