import type { Source } from '../../config/platform-names'
import { remember } from '../../lib/bounded-map'
import { BudgetRefusal, type ChargeDeps, chargeAt, chargeBudget, windowText } from './budget'
import type { Charge } from './reservation'

// Teams times platforms; past this the oldest entry goes (a team forgotten starts its window's tally afresh).
const MAX_TALLIES = 20_000
type Tally = { windowStart: string; used: number }

/** A team's share of a platform's window for requests no call paid for: a tenth of the budget, at least one. */
export const unpaidShareOf = (requests: number) => Math.max(1, Math.floor(requests / 10))

/**
 * docs/platforms.md#a-teams-unpaid-share. A platform's budget is shared by every team, and only a call that succeeds is
 * charged to the team (docs/api.md#reserve-and-give-back). The requests a live search sent for a call that then
 * failed or was given up on (an MCP cancellation) were paid by nobody, so a team could spend the whole budget, and
 * stop every other team's searches of the platform, for free. Those requests are counted per team, platform and
 * window in this process; once they reach the team's share, its searches of the platform are refused unsent until the
 * window ends. Paid searches never count: the team's quota bounds those.
 */
export function unpaidShares(deps: ChargeDeps) {
  const tallies = new Map<string, Tally>()
  const keyOf = (teamId: string, source: Source) => `${teamId}\u0000${source}`

  /** One counted call's searches for `teamId`: their charge, and `unpaid()` when the call ends without being paid. */
  function forCall(teamId: string) {
    const sent: { source: Source; windowStart: string; cost: number }[] = []
    const charge: Charge = async (source, requests) => {
      if (requests <= 0) return
      const c = chargeAt(deps, source, requests)
      const share = unpaidShareOf(c.budget.requests)
      const tally = tallies.get(keyOf(teamId, source))
      const used = tally?.windowStart === c.windowStart ? tally.used : 0
      if (used >= share) {
        const end = c.window.end.toISOString()
        throw new BudgetRefusal(
          'budget_spent',
          end,
          `this team's searches of ${source} that were not paid for (failed, or given up on while they ran) spent ` +
            `its share of ${source}'s request budget, ${share} of ${c.budget.requests} per ` +
            `${windowText(c.budget.windowMs)}, until ${end}; nothing was sent and nothing is charged`,
          Math.max(1, Math.ceil((c.window.end.getTime() - c.now.getTime()) / 1000)),
        )
      }
      await chargeBudget(deps, source, requests)
      sent.push({ source, windowStart: c.windowStart, cost: c.cost })
    }
    const unpaid = () => {
      for (const s of sent.splice(0)) {
        const key = keyOf(teamId, s.source)
        const tally = tallies.get(key)
        const used = tally?.windowStart === s.windowStart ? tally.used : 0
        remember(tallies, key, { windowStart: s.windowStart, used: used + s.cost }, MAX_TALLIES)
      }
    }
    return { charge, unpaid }
  }

  /**
   * Runs one counted call whose searches take `charge`: when `paid` fails (the work failed or stopped, so the team is
   * not charged), the requests its searches sent count against the team's unpaid share.
   */
  async function settled<T>(teamId: string, paid: (charge: Charge) => Promise<T>): Promise<T> {
    const call = forCall(teamId)
    try {
      return await paid(call.charge)
    } catch (err) {
      call.unpaid()
      throw err
    }
  }

  return { settled }
}

export type UnpaidShares = ReturnType<typeof unpaidShares>
