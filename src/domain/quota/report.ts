import type { Needs } from '../needs'
import type { Caller } from '../core/caller'
import { charged } from './charge'
import { resetsAfter } from './month'
import { countersSeenHere, monthSeenAt, type Usage, usageOf } from './usage'

/** docs/api.md#usage-report. Counted only when `api.count_usage_endpoint` is on (docs/api.md#what-is-counted). */
export async function usageReport(deps: Needs<'config' | 'clock', 'usage' | 'usageDays'>, caller: Caller) {
  const { team, plan } = caller
  let usage: Usage
  let credits: number
  let month: string
  if (deps.config.api.count_usage_endpoint) {
    ;({ usage, credits, month } = await charged(deps, caller, async () => undefined))
  } else {
    const now = deps.clock.now()
    const counters = countersSeenHere(deps.repos.usage, team, plan, now)
    usage = usageOf(plan, counters)
    credits = counters.credits
    month = monthSeenAt(team, now)
  }
  return {
    team: team.name,
    plan: team.plan,
    usage: { ...usage, month, resetsAt: resetsAfter(month).toISOString() },
    credits,
    availablePlatforms: [...plan.platforms],
  }
}
