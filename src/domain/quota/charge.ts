import type { Clock } from '../../lib/clock'
import type { TeamRow } from '../../storage/repos/teams'
import type { createUsageRepo } from '../../storage/repos/usage'
import { AppError } from '../../errors'
import { monthlyLimitOf, type Plan } from '../teams/plans'
import { monthOf, secondsUntilReset } from './month'
import { rollOverMonth } from './roll-over'
import { type Usage, usageOf } from './usage'

export type QuotaDeps = { clock: Clock; repos: { usage: ReturnType<typeof createUsageRepo> } }

/**
 * docs/api.md#reserve-and-give-back: reserve one unit (monthly quota first, then credits) before the work, give it back if the work
 * throws. Only a call that succeeds stays charged; `usage` is the state after this call.
 */
export async function charged<T>(
  deps: QuotaDeps,
  a: { team: TeamRow; plan: Plan },
  work: () => Promise<T>,
): Promise<{ result: T; usage: Usage; credits: number }> {
  const now = deps.clock.now()
  const month = monthOf(now)
  const usage = deps.repos.usage
  await rollOverMonth(usage, { team: a.team, plan: a.plan, month })

  let source: 'quota' | 'credit' = 'quota'
  let counters = await usage.takeQuota(a.team.id, month, monthlyLimitOf(a.plan))
  if (!counters) {
    source = 'credit'
    counters = await usage.takeCredit(a.team.id, month)
  }
  if (!counters) {
    const retryAfterSec = secondsUntilReset(now)
    throw new AppError('quota_exceeded', 'monthly quota and credits are used up; the quota resets at the start of next month (UTC)', { retryAfterSec })
  }
  try {
    return { result: await work(), usage: usageOf(a.plan, counters), credits: counters.credits }
  } catch (error) {
    await usage.giveBack(a.team.id, month, source)
    throw error
  }
}
