import type { Needs } from '../needs'
import type { Caller } from '../core/caller'
import { charged } from './charge'
import { monthOf, resetsAt } from './month'
import { countersSeenHere, type Usage, usageOf } from './usage'

/** docs/api.md#usage-report. Counted only when `api.count_usage_endpoint` is on (docs/api.md#what-is-counted). */
export async function usageReport(deps: Needs<'config' | 'clock', 'usage' | 'usageDays'>, caller: Caller) {
  const { team, plan } = caller
  let usage: Usage
  let credits: number
  if (deps.config.api.count_usage_endpoint) {
    ;({ usage, credits } = await charged(deps, caller, async () => undefined))
  } else {
    const counters = countersSeenHere(deps.repos.usage, team, plan, deps.clock.now())
    usage = usageOf(plan, counters)
    credits = counters.credits
  }
  const now = deps.clock.now()
  return {
    team: team.name,
    plan: team.plan,
    usage: { ...usage, month: monthOf(now), resetsAt: resetsAt(now).toISOString() },
    credits,
    availablePlatforms: [...plan.platforms],
  }
}
