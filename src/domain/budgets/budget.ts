import type { Source } from '../../config/platform-names'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import type { Clock } from '../../lib/clock'
import { dayIn } from '../../lib/zoned-time'
import { quotaDayZone } from '../../platforms/quota-day'
import { streamRequestsPerWindow } from '../../platforms/stream-share'
import { isStreamed } from '../../platforms/streams'
import type { Repos } from '../../storage/repos'

/**
 * docs/platforms.md#budgets: at most `requests` requests to a platform per window of `windowMs`; `dayZone`, a
 * platform whose quota day is its own (YouTube's ends at midnight Pacific), when the window is a day.
 */
export type Budget = { requests: number; windowMs: number; dayZone?: string }
type Window = { start: Date; end: Date }
const DAY_MS = 86_400_000

export function budgetOf(config: Pick<Config, 'platforms'>, source: Source): Budget {
  const table = config.platforms[source]
  const windowMs = table.budget_window_seconds * 1000
  const dayZone = windowMs === DAY_MS ? quotaDayZone(source) : undefined
  // A stream that reads the same API spends the same quota: its requests are set aside (docs/streams.md#budgets).
  const streams = isStreamed(config, source) ? streamRequestsPerWindow(config.platforms, source) : 0
  const requests = Math.max(1, table.budget_requests - streams)
  return { requests, windowMs, ...(dayZone ? { dayZone } : {}) }
}

/**
 * The window holding `at`: windows are laid end to end from the Unix epoch, so a day's window is a UTC day, except
 * for a platform's own quota day (midnight to midnight in its zone).
 */
export function windowOf(budget: Budget, at: Date): Window {
  if (budget.dayZone) return dayIn(budget.dayZone, at)
  const start = Math.floor(at.getTime() / budget.windowMs) * budget.windowMs
  return { start: new Date(start), end: new Date(start + budget.windowMs) }
}

/** A window's length as people say it: "day", "15 minutes", "60 seconds". */
export function windowText(windowMs: number): string {
  const s = windowMs / 1000
  if (s === 86_400) return 'day'
  if (s === 3600) return 'hour'
  if (s % 3600 === 0) return `${s / 3600} hours`
  if (s % 60 === 0) return s === 60 ? 'minute' : `${s / 60} minutes`
  return `${s} seconds`
}

/** What a search of `requests` is charged: at most the whole budget, so that it can still run in a fresh window. */
export const costOf = (budget: Budget, requests: number) => Math.min(requests, budget.requests)

/** A search refused before it was sent: the platform asked us to wait (a rate limit), or its budget is spent. */
export class BudgetRefusal extends AppError {
  constructor(
    readonly why: 'rate_limited' | 'budget_spent',
    /** Until when (ISO 8601 UTC). */
    readonly until: string,
    message: string,
    retryAfterSec: number,
  ) {
    super('platform_budget_exhausted', message, { retryAfterSec })
  }
}

export type ChargeDeps = {
  config: Pick<Config, 'platforms'>
  clock: Clock
  budgets: Repos['platformBudgets']
}

/**
 * Takes the requests of one search from the platform's budget before it is sent, or refuses with 503
 * platform_budget_exhausted and the seconds to wait: until the window ends, or until the time a rate-limit answer
 * asked for. A search larger than the whole budget is charged the whole budget, so that it can still run; one that
 * sends nothing (served from a read shared with other keywords) is not charged.
 */
export async function chargeBudget(deps: ChargeDeps, source: Source, requests: number): Promise<void> {
  if (requests <= 0) return
  const c = chargeAt(deps, source, requests)
  const refused = await deps.budgets.charge(chargeRow(c, c.cost))
  if (refused) throw refusalOf(c, refused.retryAt)
}

/** One search's charge as its platform's budget sees it at the clock's now: the budget, its window and the cost. */
export function chargeAt(deps: Pick<ChargeDeps, 'config' | 'clock'>, source: Source, requests: number) {
  const budget = budgetOf(deps.config, source)
  const now = deps.clock.now()
  const window = windowOf(budget, now)
  return { source, budget, now, window, windowStart: window.start.toISOString(), cost: costOf(budget, requests) }
}
export type ChargeAt = ReturnType<typeof chargeAt>

/** The repository's charge of `cost` requests in the charge's window (platform-budgets.ts). */
export const chargeRow = (c: ChargeAt, cost: number) => ({
  platform: c.source,
  windowStart: c.windowStart,
  cost,
  limit: c.budget.requests,
  now: c.now.toISOString(),
})

/** Why a charge was refused: a rate limit's retry time ahead (`retryAt`), else the window's budget spent. */
export function refusalOf(c: ChargeAt, retryAt?: string): BudgetRefusal {
  const { source, budget, window, now } = c
  const secondsTo = (at: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000))
  if (retryAt) {
    return new BudgetRefusal(
      'rate_limited',
      retryAt,
      `${source} asked us to wait (a rate limit) until ${retryAt}; nothing is sent to it before then`,
      secondsTo(new Date(retryAt)),
    )
  }
  const end = window.end.toISOString()
  return new BudgetRefusal(
    'budget_spent',
    end,
    `${source}'s request budget (${budget.requests} per ${windowText(budget.windowMs)}) is spent until ${end}`,
    secondsTo(window.end),
  )
}
