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
