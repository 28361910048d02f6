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

// Croner's names of the fields (its "Invalid value for …" errors) as docs/operations.md#schedule says them.
const RANGES: Record<string, string> = {
  second: 'the second is out of its range (0-59)',
  minute: 'the minute is out of its range (0-59)',
  hour: 'the hour is out of its range (0-23)',
  day: 'the day of month is out of its range (1-31)',
  // Croner's own name for a day of month with W (the weekday nearest it).
  nearestWeekdays: 'the day of month is out of its range (1-31)',
  month: 'the month is out of its range (1-12)',
  dayOfWeek: 'the day of week is out of its range (0-7, 0 and 7 are Sunday)',
}

/**
 * What is wrong with a cron `expression` in a few words, or undefined when croner takes it as a schedule. Croner
 * also takes a date and time (anything with a colon) as one single run: a schedule given as one would run once; and
 * reads a seventh field as the year, after which a schedule would end.
 */
export function cronProblem(expression: string): string | undefined {
  if (expression.includes(':'))
    return 'a time of day goes in the minute and hour fields ("30 2 * * *" is 02:30 UTC every day)'
  // "".split gives one empty part: spaces alone are no field.
  const parts = expression.trim().split(/\s+/).filter(Boolean)
  const fields = parts.length
  if (fields === 7 && parts[6] !== '*')
    return 'its seventh field is a year, after which it would never run again: leave the field out or write *'
  if (!expression.trim().startsWith('@') && (fields < 5 || fields > 7))
    return `it has ${fields} field${fields === 1 ? '' : 's'}, where one has 5 (minute, hour, day of month, month, day of week), or 6 with seconds first`
  try {
    new Cron(expression, { paused: true, timezone: 'UTC' }).stop()
    return undefined
  } catch (err) {
    // Croner's value in these is off by its own offset (32 is said as 31): the field and its range say enough.
    const message = (err as Error).message.replace(/^CronPattern: (Syntax error, )?/, '')
    const field = /^Invalid value for (\w+):/.exec(message)?.[1]
    if (message.startsWith('nearestWeekdays is not a number'))
      return "W goes after a day of month, as in 15W (the weekday nearest the 15th), or LW (the month's last weekday)"
    return (field && RANGES[field]) || message.replace(/\.$/, '')
  }
}
