import { nextCronRun } from '../../lib/cron'
import type { BudgetRow } from '../../storage/repos/platform-budgets'
import { type Budget, windowOf } from './budget'

// docs/platforms.md#budgets: polling spreads a platform's budget over its window. By the next pass it may have spent
// the share of the budget that the time elapsed by then stands for: a day's 100 requests with a pass every 15 minutes
// is one or two searches a pass, not 100 at midnight and none after. Live searches spend the same budget, so what
// they took is taken from polling's share. A window shorter than the time between passes is open in full.

/** How long until the pass after the one starting at `now` (the whole window when the schedule has none). */
export function passPeriodMs(schedule: string, now: Date, fallbackMs: number): number {
  const next = nextCronRun(schedule, now)
  return next ? next.getTime() - now.getTime() : fallbackMs
}

/** Requests of `row`'s platform spent in the window holding `at` (0 for a row of an earlier window). */
export function usedAt(budget: Budget, row: BudgetRow | undefined, at: Date): number {
  return row && row.windowStart >= windowOf(budget, at).start.toISOString() ? row.used : 0
}

/** Requests a pass starting at `now` may still spend on the platform. */
export function pollAllowance(budget: Budget, used: number, now: Date, periodMs: number): number {
  const { start, end } = windowOf(budget, now)
  // The window's own length: a zone's day on a daylight-saving change is 23 or 25 hours.
  const share = Math.min(1, (now.getTime() - start.getTime() + periodMs) / (end.getTime() - start.getTime()))
  return Math.max(0, Math.floor(budget.requests * share) - used)
}

/**
 * The first scheduled pass that may search the platform: not before `notBefore` (a rate limit's retry time, or the end
 * of a stopped pass's polling lease, which keeps passes out till then), and once the budget's pace allows one more
 * request (in this window, or else at the start of the next). Null without a schedule.
 */
export function nextPollAt(a: {
  schedule: string
  budget: Budget
  row: BudgetRow | undefined
  notBefore: string | null
  now: Date
}): Date | null {
  const { budget, now } = a
  const period = passPeriodMs(a.schedule, now, budget.windowMs)
  const earliest = Math.max(now.getTime(), a.notBefore ? Date.parse(a.notBefore) : 0)
  const window = windowOf(budget, new Date(earliest))
  const perRequest = budget.windowMs / budget.requests
  // floor(requests × (t + period − start) / window) ≥ used + 1, solved for t.
  let at = Math.max(earliest, window.start.getTime() + (usedAt(budget, a.row, window.start) + 1) * perRequest - period)
  if (at >= window.end.getTime()) at = Math.max(window.end.getTime(), window.end.getTime() + perRequest - period)
  // The first pass at or after that time, and after now.
  return nextCronRun(a.schedule, new Date(Math.max(at - 1, now.getTime())))
}
