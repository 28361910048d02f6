import type { GroupCommit } from '../engine/group-commit'
import { writeInDoubt } from '../engine/write-deadline'
import type { createTakeReceipts } from './take-receipts'
import { type Counters, countersOf } from './usage-counters'
import { TAKE_CREDIT, TAKE_CREDIT_HELD, TAKE_QUOTA } from './usage-sql'
import type { Reservation } from './usage'

// Taking one unit in the database, with its receipt (take-receipts.ts): the one write of a counted call that can go
// unanswered while the server commits it, so what is owed then is settled here, apart from the bookkeeping of the
// calls in flight in usage.ts.

/**
 * Takes one unit from `source` (not an unlimited quota's: unlimited-takes.ts) in one UPDATE, its receipt written in
 * the same commit; undefined when none is left. A take in doubt (no answer) is owed back through its receipt, and the
 * error goes on to the call.
 */
export function createUnitTake(
  client: GroupCommit,
  receipts: ReturnType<typeof createTakeReceipts>,
  onTaken: (teamId: string, counters: Counters) => void,
) {
  return async function takeOne(
    source: Reservation['source'],
    a: { teamId: string; month: string; limit: number | null; window: number | null },
  ): Promise<{ taken: Counters; receipt?: string } | undefined> {
    const held = a.window !== null
    const sql = source === 'quota' ? TAKE_QUOTA : held ? TAKE_CREDIT_HELD : TAKE_CREDIT
    const args = held ? [a.teamId, a.month, a.limit, a.window] : [a.teamId, a.month]
    const receipt = receipts.next({ ...a, source })
    let rs: Awaited<ReturnType<GroupCommit['execute']>>
    try {
      rs = await client.execute({ sql, args }, receipt?.after)
    } catch (e) {
      // The call is answered 503 and charged nothing: the unit, if the server took it, comes back once it answers.
      if (writeInDoubt(e)) receipts.owe({ ...a, source, id: receipt.id, inDoubt: true })
      throw e
    }
    if (!rs.rows[0]) {
      // Nothing taken: nothing to settle, and the receipt says so.
      receipts.forget(receipt.id)
      return undefined
    }
    const taken = countersOf(rs.rows[0])
    onTaken(a.teamId, taken)
    return { taken, receipt: receipt.id }
  }
}
