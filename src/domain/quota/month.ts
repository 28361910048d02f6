import { utcMonth } from '../../lib/utc-text'

/** docs/api.md#the-month: the billing month is the UTC calendar month. */
export const monthOf = utcMonth

/** The first instant of the UTC month after `at`. */
export function resetsAt(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
}

/**
 * Whole seconds from `at` until `month` (the clock's by default) resets, at least 1 (the value of `Retry-After`).
 */
export const secondsUntilReset = (at: Date, month = monthOf(at)) =>
  Math.max(1, Math.ceil((resetsAfter(month).getTime() - at.getTime()) / 1000))

/** The first instant of the UTC month after `month` (`YYYY-MM`). */
export const resetsAfter = (month: string) => resetsAt(new Date(`${month}-01T00:00:00.000Z`))
