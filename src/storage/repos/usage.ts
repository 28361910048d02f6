import type { Client } from '@libsql/client'
import { createGroupCommit, type GroupCommit } from '../engine/group-commit'
import { createTakeReceipts } from './take-receipts'
import { createUnlimitedTakes } from './unlimited-takes'
import type { Counters } from './usage-counters'
import { holdingOf, MOVE_HOLD } from './usage-holds'
import { createHoldReleases } from './usage-releases'
import { GIVE_BACK_CREDIT, GIVE_BACK_QUOTA } from './usage-sql'
import { createUnitTake } from './usage-take'

/**
 * One unit taken for a counted call in flight; `window` is the hold window it is held in (null: not held; the windows
 * and the order of sources are the domain's rules, domain/quota/order.ts).
 */
export type Reservation = {
  teamId: string
  month: string
  source: 'quota' | 'credit'
  window: number | null
  counters: Counters
  // The take's receipt (take-receipts.ts).
  receipt?: string
  // When (performance.now()) the last write that found the receipt out was sent: the take, then each renewal. The
  // database's clock, by which another server counts the call's silence, read `at` no earlier.
  confirmedAt?: number
  // Another server gave the unit back, taking this call's process for dead: the call no longer holds one.
  lost?: boolean
}

// A unit of an unlimited monthly quota (never held) is counted in memory and written in bulk (unlimited-takes.ts).
const isUnlimited = (source: Reservation['source'], a: { window: number | null }) =>
  source === 'quota' && a.window === null

/**
 * The quota counters live on the team row and change only through single UPDATE statements, each atomic on its
 * own, so concurrent callers can never spend the same unit twice (docs/api.md#reserve-and-give-back), also across
 * processes. Every counted request writes here, so the writes of one event-loop turn share a commit (see
 * group-commit.ts).
 *
 * Units reserved by calls in flight are also counted on the row (a hold), in the same statement that takes them,
 * so that a call finding no unit free can tell, in any process, whether some may still come back. This repo also
 * remembers which of its own reservations are unsettled, so that a server stopping can give them back.
 */
export function createUsageRepo(
  database: Client,
  client: GroupCommit = createGroupCommit(database),
  onTaken: (teamId: string, counters: Counters) => void = () => {},
  // The name receipts give this process (domain/leases/holder.ts), by which another can tell it died.
  holder = '',
) {
  const unsettled = new Set<Reservation>()
  const { release, writeReleases } = createHoldReleases(client)

  const unlimited = createUnlimitedTakes(client, onTaken)
  // Each take of a held unit leaves a receipt: a take on a libSQL server can go unanswered while the server commits
  // it, and a process can die before its calls settle (take-receipts.ts, held-receipts.ts).
  const receipts = createTakeReceipts(database, client, holder)
  const takeOne = createUnitTake(client, receipts, onTaken)

  async function take(
    source: Reservation['source'],
    a: { teamId: string; month: string; limit: number | null; window: number | null },
  ): Promise<Reservation | undefined> {
    const sent = performance.now()
    const taken = isUnlimited(source, a)
      ? { taken: await unlimited.take(a.teamId, a.month), receipt: undefined }
      : await takeOne(source, a)
    if (!taken?.taken) return undefined
    const r: Reservation = { teamId: a.teamId, month: a.month, source, window: a.window, counters: taken.taken }
    if (taken.receipt) Object.assign(r, { receipt: taken.receipt, confirmedAt: sent })
    unsettled.add(r)
    return r
  }

  async function giveBack(r: Reservation) {
    if (!unsettled.delete(r)) return
    if (isUnlimited(r.source, r)) return unlimited.giveBack(r.teamId, r.month)
    if (r.receipt) return receipts.giveBack({ ...r, id: r.receipt, inDoubt: false })
    await client.execute({
      sql: r.source === 'quota' ? GIVE_BACK_QUOTA : GIVE_BACK_CREDIT,
      args: [r.teamId, r.month, r.window],
    })
  }

  // A unit no longer this call's: given back by this server stopping, or by another (`lost`); it is settled already.
  function lost(r: Reservation): false {
    unsettled.delete(r)
    return false
  }

  return {
    /**
     * Moves the team into `month` if its counters belong to an earlier one: zero the counters and, on a credit plan,
     * top the balance up to the monthly allowance. Idempotent, so it is safe after downtime or from many callers.
     * Holds are left alone: the calls holding them are still running. The top-up is kept for GIVE_BACK_CREDIT.
     */
    async rollOver(teamId: string, month: string, monthlyCredits: number) {
      await client.execute({
        sql: `UPDATE teams SET usage_month = ?1, quota_used = 0, credit_used = 0,
                credits = CASE WHEN ?2 > credits THEN ?2 ELSE credits END,
                credits_topped_up = CASE WHEN ?2 > credits THEN ?2 - credits ELSE 0 END
              WHERE id = ?3 AND usage_month < ?1`,
        args: [month, monthlyCredits, teamId],
      })
    },
    /**
     * Takes one unit from `source` if it has one left (`limit` null: an unlimited quota), held in hold window `window`
     * until `keep` or `giveBack` (null: not held; only a limited plan's call can run out and need to wait).
     */
    take,
    /**
     * The call succeeded: its unit stays spent, its hold ends and its receipt goes (both written in bulk soon after,
     * not waited for: on a slow libSQL server one more write before each answer cost seconds). With `confirm`, the
     * receipt is first found still out, waited for (a call that said nothing for long, domain/quota/left-units.ts).
     * False when the unit was already given back: by this server stopping, or by another (`lost`). Either way the
     * call must not count as done. A database that cannot confirm it fails the call, and its unit comes back.
     */
    async keep(r: Reservation, confirm = false): Promise<boolean> {
      if (r.lost || !unsettled.has(r)) return lost(r)
      if (confirm && r.receipt) {
        const out = await receipts.stillOut(r.receipt).catch(async (e) => {
          await giveBack(r)
          throw e
        })
        if (!out) r.lost = true
        if (!out || !unsettled.has(r)) return lost(r)
      }
      unsettled.delete(r)
      if (r.window !== null) release(r.teamId, r.window)
      if (r.receipt) receipts.forget(r.receipt)
      return true
    },
    /** The call still runs in a later hold window `window`: its hold moves there (domain/quota/order.ts). */
    async renew(r: Reservation, window: number): Promise<void> {
      const from = r.window
      if (from === null || window <= from || !unsettled.has(r) || r.lost) return
      // Set before the statement is queued: a keep or give-back queued after it settles the hold where it now is.
      r.window = window
      const move = { sql: MOVE_HOLD, args: [r.teamId, from, window, r.receipt ?? null] }
      const sent = performance.now()
      try {
        if (!r.receipt) return void (await client.execute(move))
        // The receipt's first: its rows changed say whether the unit is still out.
        const rs = await client.execute(receipts.renewed(r.receipt, window), move)
        if (rs.rowsAffected > 0) r.confirmedAt = sent
        else r.lost = true
      } catch {
        // Not moved: the hold is still where it was, and stops counting with that window.
        if (r.window === window) r.window = from
      }
    },
    /** The call failed: the unit comes back to the team and its hold ends. Idempotent. */
    giveBack,
    /** Gives back every unit this process still holds (calls cut off at shutdown) and finishes pending writes. */
    async giveBackAll(): Promise<number> {
      const left = [...unsettled]
      await Promise.all([...left.map(giveBack), writeReleases(), receipts.flush()])
      await unlimited.flush()
      return left.length
    },
    /** Units of takes in doubt, and give-backs, waiting for a libSQL server to answer (take-receipts.ts). */
    owed: () => receipts.owed(),
    // An unlimited plan's units counted here and not yet written (reports add them), and writing them now (tests).
    unwritten: unlimited.unwritten,
    flush: unlimited.flush,
    /**
     * Whether a unit is free for `month`, how many units calls in flight hold in hold window `window` (any process),
     * the month the team's counters are in and the team's plan now (usage-holds.ts).
     */
    holding: (teamId: string, month: string, limit: number | null, window: number) =>
      holdingOf(database, { teamId, month, limit, window }),
  }
}
