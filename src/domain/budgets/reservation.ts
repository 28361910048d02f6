import type { Source } from '../../config/platform-names'
import { type ChargeAt, type ChargeDeps, chargeAt, chargeRow, refusalOf } from './budget'

/** Takes one search's requests from its platform's budget, or throws a BudgetRefusal (budget.ts chargeBudget). */
export type Charge = (source: Source, requests: number) => Promise<void>

// The most a pass holds reserved and unsent per platform: a tenth of the window's budget, and never more than 32.
// Live searches spend the same budget, so a pass keeps only a small block ahead of its searches, not its whole plan.
const MAX_BLOCK = 32
const blockFor = (requests: number) => Math.min(MAX_BLOCK, Math.max(1, Math.floor(requests / 10)))

type Block = { windowStart: string; left: number; planned: number; turn: Promise<unknown> }

/**
 * docs/performance.md#budgets-in-blocks: a polling pass's charges, taken from the shared budget a block at a time.
 * One statement (the same atomic charge as a single search's, so processes sharing the database never overspend
 * between them) reserves up to a block of the requests the pass's plan still means to send on the platform; each
 * search then spends from the block in memory. Two things still reach the database on every search:
 * - a rate limit: a read of the platform's retry time, so a limit that any process recorded is never missed;
 * - the window: a block belongs to the window it was charged in, and a search in a later window charges afresh.
 * What is left unsent when the pass ends is given back (`release`): it was never sent, so giving it back cannot
 * overspend, and the next pass or a live search may use it. A process that dies mid-pass leaves it counted as spent
 * until the window ends: the safe side.
 */
export function budgetReservations(deps: ChargeDeps, planned: ReadonlyMap<Source, number>) {
  const blocks = new Map<Source, Block>()
  let released = false

  function blockOf(source: Source, windowStart: string): Block {
    let block = blocks.get(source)
    if (!block) {
      block = { windowStart, left: 0, planned: planned.get(source) ?? 0, turn: Promise.resolve() }
      blocks.set(source, block)
    } else if (windowStart > block.windowStart) {
      // The earlier window's leftover counts for nothing in this one: the row starts over when it is next charged.
      // (Never back: like the charge's statement, a window kept by a clock that runs ahead stays.)
      block.windowStart = windowStart
      block.left = 0
    }
    return block
  }

  /** Spends from the block in memory unless a rate limit's retry time is ahead (any process may have recorded it). */
  async function spend(c: ChargeAt, block: Block): Promise<void> {
    // Taken before the await, so that searches running at once never spend the same requests.
    block.left -= c.cost
    const retryAt = await deps.budgets.retryAhead(c.source, c.now.toISOString())
    if (!retryAt) return
    block.left += c.cost
    throw refusalOf(c, retryAt)
  }

  /**
   * Reserves what the search needs beyond the block's leftover, and up to a block of what the plan still means to send.
   */
  async function refill(c: ChargeAt, block: Block): Promise<void> {
    if (block.windowStart === c.windowStart && block.left >= c.cost) return spend(c, block)
    const held = block.windowStart === c.windowStart ? block.left : 0
    block.left -= held
    const need = c.cost - held
    const ask = released ? need : Math.max(need, Math.min(blockFor(c.budget.requests), need + block.planned))
    const take = (cost: number) => deps.budgets.charge(chargeRow(c, cost))
    let refused = await take(ask)
    let got = ask
    // Near the window's end the block may not fit where the search alone does.
    if (refused && ask > need && !refused.retryAt) {
      refused = await take(need)
      got = need
    }
    // A search in a later window may have moved the block meanwhile: then what is left here counts no more.
    const sameWindow = block.windowStart === c.windowStart
    if (refused) {
      if (sameWindow) block.left += held
      throw refusalOf(c, refused.retryAt)
    }
    if (sameWindow) block.left += got - need
  }

  const charge: Charge = async (source, requests) => {
    if (requests <= 0) return
    const c = chargeAt(deps, source, requests)
    const block = blockOf(source, c.windowStart)
    block.planned = Math.max(0, block.planned - c.cost)
    if (block.left >= c.cost) return spend(c, block)
    // One refill at a time per platform: a search that comes while one is under way waits for it and may then find
    // enough left, instead of reserving a second block beside it (which could refuse it near the window's end).
    const step = block.turn.then(() => refill(c, block))
    block.turn = step.catch(() => undefined)
    return step
  }

  return {
    charge,
    /** Gives back every block's unsent requests; later charges take exactly what each search needs. */
    async release(): Promise<void> {
      released = true
      for (const [source, block] of blocks) {
        const count = block.left
        block.left = 0
        if (count > 0) await deps.budgets.giveBack({ platform: source, windowStart: block.windowStart, count })
      }
    },
  }
}
