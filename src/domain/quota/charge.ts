import { utcDate } from '../../lib/utc-text'
import type { TeamRow } from '../../storage/repos/teams'
import { AppError } from '../../errors'
import type { Needs } from '../needs'
import { monthlyLimitOf, type Plan } from '../core/plans'
import { monthOf, secondsUntilReset } from './month'
import { holdWhileRunning } from './order'
import { reserveUnit } from './reserve'
import { rollOverMonth } from './roll-over'
import { monthSeenAt, type Usage, usageOf } from './usage'

export type QuotaDeps = Needs<'clock', 'usage' | 'usageDays'>

/**
 * docs/api.md#reserve-and-give-back: reserve one unit (monthly quota first, then credits) before the work, give it back if the work
 * throws. Only a call that succeeds stays charged; `usage` is the state after this call.
 */
export async function charged<T>(
  deps: QuotaDeps,
  a: { team: TeamRow; plan: Plan },
  work: () => Promise<T>,
): Promise<{ result: T; usage: Usage; credits: number; month: string }> {
  const now = deps.clock.now()
  const month = monthOf(now)
  const usage = deps.repos.usage
  await rollOverMonth(usage, { team: a.team, plan: a.plan, month })

  const reservation = await reserveUnit(deps, { teamId: a.team.id, month, limit: monthlyLimitOf(a.plan) })
  if (!reservation) {
    // Until the month whose units are used up resets: the team's, when a clock behind it answers (usage.ts).
    const at = deps.clock.now()
    const retryAfterSec = secondsUntilReset(at, monthSeenAt(a.team, at))
    throw new AppError('quota_exceeded', usedUpMessage(a.team.plan, a.plan), { retryAfterSec })
  }
  let result: T
  const stopHolding = holdWhileRunning(usage, reservation, deps.clock)
  try {
    result = await work()
  } catch (error) {
    stopHolding()
    await usage.giveBack(reservation)
    throw error
  }
  stopHolding()
  // The server gave the unit back while stopping (see cli/serve.ts): this answer would be free, so it is not given.
  if (!usage.keep(reservation))
    throw new AppError('internal', 'the server stopped before this call finished; nothing was charged')
  // A unit paid from a month that began after this call's clock read `now` counts on that month's first day.
  deps.repos.usageDays.add(a.team.id, reservation.month === month ? utcDate(now) : `${reservation.month}-01`)
  return {
    result,
    usage: usageOf(a.plan, reservation.counters),
    credits: reservation.counters.credits,
    // The month the unit was paid from: later than the clock's when the team was already moved on.
    month: reservation.month,
  }
}

/**
 * What the start of next month brings, which `Retry-After` counts down to: the plan's requests, a credit plan's
 * top-up, or, on a plan with neither (docs/api.md#monthly-quota-then-credits), nothing: only the operator adds credits.
 */
function usedUpMessage(planName: string, plan: Plan): string {
  if (monthlyLimitOf(plan) !== 0)
    return 'monthly quota and credits are used up; the quota resets at the start of next month (UTC)'
  if (plan.monthly_credits > 0)
    return `the team's credits are used up; its plan (${planName}) tops them up to ${plan.monthly_credits} at the start of next month (UTC)`
  return `the team's credits are used up, and its plan (${planName}) has no monthly requests and adds no credits at the start of a month: ask the service's operator for more credits`
}

/** At shutdown: gives back every unit this process still holds for calls that will not finish. Returns how many. */
export async function giveBackUnfinished(deps: QuotaDeps): Promise<number> {
  const [units] = await Promise.all([deps.repos.usage.giveBackAll(), deps.repos.usageDays.flush()])
  return units
}
