import { utcMonth } from '../../lib/utc-text'

/** docs/api.md#the-month: the billing month is the UTC calendar month. */
export const monthOf = utcMonth

/** The first instant of the UTC month after `at`. */
export function resetsAt(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
}

/** Whole seconds until the reset, at least 1 (the value of `Retry-After`). */
export const secondsUntilReset = (at: Date) => Math.max(1, Math.ceil((resetsAt(at).getTime() - at.getTime()) / 1000))
