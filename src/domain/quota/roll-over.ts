import type { TeamRow } from '../../storage/repos/teams'
import type { Plan } from '../core/plans'
import type { Repos } from '../../storage/repos'

/**
 * docs/api.md#the-month: moves a team whose counters belong to an earlier month into `month` (`monthOf`, UTC): counters
 * to zero, a credit plan's balance topped up to its allowance. The one roll-over rule: a counted call runs it lazily,
 * and monthly housekeeping runs it for every team, so both give the same state. Idempotent (the repo's update only
 * touches a row still in an earlier month), so any number of callers and runs is safe.
 */
export async function rollOverMonth(
  usage: Repos['usage'],
  a: { team: TeamRow; plan: Plan; month: string },
): Promise<boolean> {
  if (a.team.usageMonth >= a.month) return false
  await usage.rollOver(a.team.id, a.month, a.plan.monthly_credits)
  return true
}
