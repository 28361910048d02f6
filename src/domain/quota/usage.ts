import type { Counters } from '../../storage/repos/usage-counters'
import type { TeamRow } from '../../storage/repos/teams'
import { monthlyLimitOf, type Plan } from '../core/plans'
import { monthOf } from './month'
import type { Repos } from '../../storage/repos'
import type { Needs } from '../needs'

/**
 * docs/api.md#usage-counters: `used` counts every charged call of the month (quota and credits); `remaining` is the
 * quota left.
 */
export type Usage = { used: number; limit: number | null; remaining: number | null }

export function usageOf(plan: Plan, c: Counters): Usage {
  const limit = monthlyLimitOf(plan)
  return {
    used: c.quotaUsed + c.creditUsed,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - c.quotaUsed),
  }
}

/**
 * docs/api.md#the-month: the month a report at `now` describes: the clock's, or the later one the team's counters are
 * already in (another process, whose clock is ahead, or a call just after midnight moved them), whose counters they
 * are. Labelled with a clock that is behind, a report named the month before with the new month's counts.
 */
export function monthSeenAt(team: Pick<TeamRow, 'usageMonth'>, now: Date): string {
  // `YYYY-MM` texts, whose order is the months' (Math.max takes numbers only).
  const clocks = monthOf(now)
  const movedOn = team.usageMonth > clocks
  return movedOn ? team.usageMonth : clocks
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
  return { ...counters, quotaUsed: counters.quotaUsed + usage.unwritten(team.id, monthSeenAt(team, now)) }
}

/** The team's credit balance as the database holds it now: after a call, what is left to pay the next ones. */
export async function creditsLeft(deps: Needs<never, 'teams'>, teamId: string): Promise<number> {
  return (await deps.repos.teams.byId(teamId))?.credits ?? 0
}
