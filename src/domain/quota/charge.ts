import { LONGEST_WORK_MS } from '../../config/answer-time'
import { asCountedCall } from '../../lib/counted-call'
import { utcDate } from '../../lib/utc-text'
import type { TeamRow } from '../../storage/repos/teams'
import { AppError } from '../../errors'
import type { Needs } from '../needs'
import { monthlyLimitOf, type Plan } from '../core/plans'
import { monthOf, secondsUntilReset } from './month'
import { mustConfirm } from './left-units'
import { holdWhileRunning } from './order'
import { type NoUnit, reserveUnit } from './reserve'
import { rollOverMonth } from './roll-over'
import { type Usage, usageOf } from './usage'

export type QuotaDeps = Needs<'config' | 'clock', 'usage' | 'usageDays'>

/**
 * docs/api.md#reserve-and-give-back: reserve one unit (monthly quota first, then credits) before the work, give it back
 * if the work throws. Only a call that succeeds stays charged; `usage` is the state after this call. `signal`: the
 * caller stops waiting (an MCP call's bound, mcp/call-bound.ts), which ends a wait for units held by calls in flight as
 * its 60 s do.
 */
export async function charged<T>(
  deps: QuotaDeps,
  a: { team: TeamRow; plan: Plan },
  work: () => Promise<T>,
  signal?: AbortSignal,
): Promise<{ result: T; usage: Usage; credits: number; month: string }> {
  let { reservation, plan, now, month } = await reserveInClockMonth(deps, a, signal)
  const usage = deps.repos.usage
  let result: T
  const stopHolding = holdWhileRunning(usage, reservation, deps.clock)
  try {
    // Its writes (a model answer stored) go before the server's own on a slow link (lib/counted-call.ts).
    result = await asCountedCall(work)
  } catch (error) {
    stopHolding()
    await usage.giveBack(reservation)
    throw error
  }
  stopHolding()
  while (!(await usage.keep(reservation, mustConfirm(reservation)))) {
    // The server gave the unit back while stopping (see cli/serve.ts): this answer would be free, so it is not given.
    if (!reservation.lost) {
      throw new AppError('internal', 'the server stopped before this call finished; nothing was charged')
    }
    // Another server gave it back, having heard nothing of this call for LEFT_QUIET_MS: the answer takes a unit
    // again, as a new call would, or is refused as one would be (docs/operations.md#a-call-that-outlived-its-silence).
    ;({ reservation, plan, now, month } = await reserveInClockMonth(deps, a, signal))
  }
  // A unit paid from a month that began after this call's clock read `now` counts on that month's first day.
  deps.repos.usageDays.add(a.team.id, reservation.month === month ? utcDate(now) : `${reservation.month}-01`)
  return {
    result,
    // Under the plan the unit was taken under: the team's now, when the operator moved it while this call waited.
    usage: usageOf(plan, reservation.counters),
    credits: reservation.counters.credits,
    // The month the unit was paid from: later than the clock's when the team was already moved on.
    month: reservation.month,
  }
}

/**
 * Moves the team into the clock's month and reserves a unit there. When midnight on the 1st passed while the call
 * looked for one, the month it found spent has reset: the call is paid from the new month (docs/api.md#the-month)
 * rather than told to wait until that one ends too. `now` and `month` are the clock's when the unit was sought.
 */
async function reserveInClockMonth(deps: QuotaDeps, a: { team: TeamRow; plan: Plan }, signal?: AbortSignal) {
  let now = deps.clock.now()
  for (;;) {
    const month = monthOf(now)
    await rollOverMonth(deps.repos.usage, { team: a.team, plan: a.plan, month })
    const limit = monthlyLimitOf(a.plan)
    const reserved = await reserveUnit(deps, { teamId: a.team.id, month, limit, plan: a.team.plan, signal })
    if (!('held' in reserved)) return { ...reserved, plan: planNow(deps, a, reserved.plan), now, month }
    const later = deps.clock.now()
    if (monthOf(later) <= month)
      throw noUnitLeft(deps, { name: reserved.plan, plan: planNow(deps, a, reserved.plan) }, reserved)
    now = later
  }
}

/**
 * The 429 of a call that found no unit (docs/api.md#reserve-and-give-back). Used up: until the month whose units are
 * spent resets: the one the database holds the team's counters in, later than the clock's when a clock behind it
 * answers, and than the team's row the call began with when another process moved the team on since. Held by calls
 * still running: those may fail and give their units back, so it is until they must have ended, when that comes first.
 */
function noUnitLeft(deps: QuotaDeps, a: { name: string; plan: Plan }, { held, month }: NoUnit): AppError {
  const untilReset = secondsUntilReset(deps.clock.now(), month)
  if (held > 0 && HOLDS_END_WITHIN_SEC < untilReset)
    return new AppError('quota_exceeded', heldMessage(held), { retryAfterSec: HOLDS_END_WITHIN_SEC })
  return new AppError('quota_exceeded', usedUpMessage(a.name, a.plan), { retryAfterSec: untilReset })
}

/** The team's plan as the wait last read it: the caller's, unless the operator moved the team meanwhile. */
const planNow = (deps: QuotaDeps, a: { team: TeamRow; plan: Plan }, name: string) =>
  name === a.team.plan ? a.plan : (deps.config.plans[name] ?? a.plan)

// A hold ends with its call, whose work takes at most LONGEST_WORK_MS (docs/operations.md#server-settings); one of a
// process that died stops counting within two hold windows, sooner.
const HOLDS_END_WITHIN_SEC = Math.ceil(LONGEST_WORK_MS / 1000)

const heldMessage = (held: number) =>
  `every unit of quota and credits the team has left is held by calls still running (${held}); a call that fails ` +
  `gives its unit back, and they all end within ${HOLDS_END_WITHIN_SEC} s: ask again then`

/**
 * What the start of next month brings, which `Retry-After` counts down to: the plan's requests, a credit plan's
 * top-up, or, on a plan with neither (docs/api.md#monthly-quota-then-credits), nothing: only the operator adds credits.
 */
export function usedUpMessage(planName: string, plan: Plan): string {
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
