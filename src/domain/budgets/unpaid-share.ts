import type { Source } from '../../config/platform-names'
import { remember } from '../../lib/bounded-map'
import { BudgetRefusal, type ChargeAt, type ChargeDeps, chargeAt, chargeBudget, windowText } from './budget'
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
 * window ends. Paid searches never count: the team's quota bounds those; running ones count until they are paid.
 */
export function unpaidShares(deps: ChargeDeps) {
  const tallies = new Map<string, Tally>()
  // Requests of searches still running, which may yet end unpaid: counted against the share until they are paid, so
  // that calls sent at once (a batch, parallel POSTs) cannot all pass the check before any of them is given up on.
  const running = new Map<string, number>()
  const keyOf = (teamId: string, source: Source) => `${teamId}\u0000${source}`
  const usedIn = (key: string, windowStart: string) => {
    const tally = tallies.get(key)
    return tally?.windowStart === windowStart ? tally.used : 0
  }
  const settle = (key: string, cost: number) => {
    const left = (running.get(key) ?? 0) - cost
    if (left > 0) running.set(key, left)
    else running.delete(key)
  }

  /** One counted call's searches for `teamId`: their charge, and `ended(paid)` when the call ends. */
  function forCall(teamId: string) {
    const sent: { key: string; windowStart: string; cost: number }[] = []
    const charge: Charge = async (source, requests) => {
      if (requests <= 0) return
      const c = chargeAt(deps, source, requests)
      const key = keyOf(teamId, source)
      const inFlight = running.get(key) ?? 0
      if (usedIn(key, c.windowStart) + inFlight >= unpaidShareOf(c.budget.requests)) throw refusal(c, inFlight)
      running.set(key, inFlight + c.cost)
      try {
        await chargeBudget(deps, source, requests)
      } catch (err) {
        settle(key, c.cost)
        throw err
      }
      sent.push({ key, windowStart: c.windowStart, cost: c.cost })
    }
    const ended = (paid: boolean) => {
      for (const s of sent.splice(0)) {
        settle(s.key, s.cost)
        if (!paid)
          remember(
            tallies,
            s.key,
            { windowStart: s.windowStart, used: usedIn(s.key, s.windowStart) + s.cost },
            MAX_TALLIES,
          )
      }
    }
    return { charge, ended }
  }

  /** The share is spent until the window ends, or held by the team's searches running, which end within timeout_ms. */
  function refusal(c: ChargeAt, inFlight: number): BudgetRefusal {
    const share = `its share of ${c.source}'s request budget (${unpaidShareOf(c.budget.requests)} of ${c.budget.requests} per ${windowText(c.budget.windowMs)})`
    if (inFlight > 0) {
      const seconds = Math.max(1, Math.ceil(deps.config.platforms[c.source].timeout_ms / 1000))
      const until = new Date(c.now.getTime() + seconds * 1000).toISOString()
      const message = `this team's searches of ${c.source} still running hold ${share} for requests not paid for; nothing was sent and nothing is charged: ask again in ${seconds} s, when they have ended`
      return new BudgetRefusal('budget_spent', until, message, seconds)
    }
    const end = c.window.end.toISOString()
    const message = `this team's searches of ${c.source} that were not paid for (failed, or given up on while they ran) spent ${share} until ${end}; nothing was sent and nothing is charged`
    return new BudgetRefusal(
      'budget_spent',
      end,
      message,
      Math.max(1, Math.ceil((c.window.end.getTime() - c.now.getTime()) / 1000)),
    )
  }

  /**
   * Runs one counted call whose searches take `charge`: when `paid` fails (the work failed or stopped, so the team is
   * not charged), the requests its searches sent count against the team's unpaid share.
   */
  async function settled<T>(teamId: string, paid: (charge: Charge) => Promise<T>): Promise<T> {
    const call = forCall(teamId)
    try {
      const result = await paid(call.charge)
      call.ended(true)
      return result
    } catch (err) {
      call.ended(false)
      throw err
    }
  }

  return { settled }
}

export type UnpaidShares = ReturnType<typeof unpaidShares>
