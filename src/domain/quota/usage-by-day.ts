import type { Needs } from '../needs'
import type { Caller } from '../core/caller'
import { monthOf, resetsAfter } from './month'
import { countersSeenHere, monthSeenAt, usageOf } from './usage'

/**
 * docs/console.md#usage: the usage report as the API gives it, never counted, with the counted calls of each day of
 * this month so far (days without calls are listed as 0, so a chart needs no gaps filled).
 */
export async function usageByDay(deps: Needs<'clock', 'usage' | 'usageDays'>, caller: Caller) {
  const { team, plan } = caller
  const now = deps.clock.now()
  const counters = countersSeenHere(deps.repos.usage, team, plan, now)
  const month = monthSeenAt(team, now)
  const recorded = new Map(
    (await deps.repos.usageDays.since(team.id, `${month}-01`)).map((d) => [d.day, d.calls] as const),
  )
  const days = []
  // A month later than the clock's has only begun: its first day (charge.ts counts such calls there).
  const today = month === monthOf(now) ? now.getUTCDate() : 1
  for (let d = 1; d <= today; d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`
    days.push({ day, calls: recorded.get(day) ?? 0 })
  }
  return {
    team: team.name,
    plan: team.plan,
    usage: { ...usageOf(plan, counters), month, resetsAt: resetsAfter(month).toISOString() },
    credits: counters.credits,
    days,
  }
}
