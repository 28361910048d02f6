import type { Counters } from '../../storage/repos/unlimited-takes'
import type { TeamRow } from '../../storage/repos/teams'
import { monthlyLimitOf, type Plan } from '../core/plans'
import { monthOf } from './month'
import type { Repos } from '../../storage/repos'

/** docs/api.md#usage-counters: `used` counts every charged call of the month (quota and credits); `remaining` is the quota left. */
export type Usage = { used: number; limit: number | null; remaining: number | null }

export function usageOf(plan: Plan, c: Counters): Usage {
  const limit = monthlyLimitOf(plan)
  return {
    used: c.quotaUsed + c.creditUsed,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - c.quotaUsed),
  }
}

/** The counters as they stand at `now`, reading a row from an earlier month as already rolled over. */
export function countersAt(team: TeamRow, plan: Plan, now: Date): Counters {
  if (team.usageMonth >= monthOf(now)) {
    return { quotaUsed: team.quotaUsed, creditUsed: team.creditUsed, credits: team.credits }
  }
  return { quotaUsed: 0, creditUsed: 0, credits: Math.max(team.credits, plan.monthly_credits) }
}

/**
 * The counters at `now` as this process knows them: the team's row and the units of an unlimited plan that this
 * process has counted and not yet written (they are written within milliseconds, docs/api.md#unlimited-plans).
 */
export function countersSeenHere(
  usage: Pick<Repos['usage'], 'unwritten'>,
  team: TeamRow,
  plan: Plan,
  now: Date,
): Counters {
  const counters = countersAt(team, plan, now)
  return { ...counters, quotaUsed: counters.quotaUsed + usage.unwritten(team.id, monthOf(now)) }
}
