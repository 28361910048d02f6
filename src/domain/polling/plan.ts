import type { SearchPlatform } from '../../config/platform-names'
import { getOrAdd } from '../../lib/get-or-add'
import type { Cursor } from '../../storage/repos/polling-types'
import { cursorKey } from './cursor'
import { budgetOf, costOf } from '../budgets/budget'
import { passPeriodMs, pollAllowance, usedAt } from '../budgets/pace'
import type { PassDeps } from './state'
import type { SearchTarget } from './targets'

/**
 * docs/platforms.md#budgets: the searches of this pass that each platform's budget pace allows, the keywords that
 * waited longest first (never searched, then the oldest search), so that over a window every keyword gets its turn.
 * Returns them in their original order, per platform how many wait for a later pass, and per platform the requests
 * the chosen searches mean to send (what the pass reserves its budget blocks from, budgets/reservation.ts).
 */
export async function planSearches(deps: PassDeps, targets: SearchTarget[], cursors: Map<string, Cursor>) {
  const now = deps.clock.now()
  const rows = new Map((await deps.repos.platformBudgets.list()).map((r) => [r.platform, r]))
  const byPlatform = new Map<SearchPlatform, SearchTarget[]>()
  for (const t of targets) getOrAdd(byPlatform, t.platform, () => []).push(t)

  const chosen = new Set<SearchTarget>()
  const waiting = new Map<SearchPlatform, number>()
  const requests = new Map<SearchPlatform, number>()
  for (const [platform, list] of byPlatform) {
    const budget = budgetOf(deps.config, platform)
    const period = passPeriodMs(deps.config.polling.schedule, now, budget.windowMs)
    let allowance = pollAllowance(budget, usedAt(budget, rows.get(platform), now), now, period)
    const cost = costOf(budget, deps.searches.requestsFor(platform, deps.config.polling.limit))
    const polledAt = (t: SearchTarget) => cursors.get(cursorKey(platform, t.keywordLc))?.polledAt ?? ''
    const longestWaiting = [...list].sort((a, b) => polledAt(a).localeCompare(polledAt(b)))
    let first = true
    for (const t of longestWaiting) {
      // One read serves every keyword of such a platform: only the first search of the pass sends requests.
      const price = first || !deps.searches.sharesOneRead(platform) ? cost : 0
      if (price <= allowance) {
        chosen.add(t)
        allowance -= price
        requests.set(platform, (requests.get(platform) ?? 0) + price)
        first = false
      } else waiting.set(platform, (waiting.get(platform) ?? 0) + 1)
    }
  }
  return { run: targets.filter((t) => chosen.has(t)), waiting, requests }
}
