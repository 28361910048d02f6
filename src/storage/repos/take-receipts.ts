import { randomBytes } from 'node:crypto'
import type { Client, InStatement } from '@libsql/client'
import { AppError } from '../../errors'
import { asCountedCall } from '../../lib/counted-call'
import type { GroupCommit } from '../engine/group-commit'
import { quietWrite } from '../engine/quiet-writes'
import { DB_NOW_MS } from './db-now'
import { GIVE_BACK_CREDIT, GIVE_BACK_QUOTA } from './usage-sql'

// ?1 the receipt, ?2 team, ?3 month, ?4 source, ?5 hold window, ?6 holder. Sent right after a take, in its
// transaction: whether the take took a unit, and what another process needs to give it back if this one dies.
// Quiet, as are its renewal and its deletion (docs/performance.md#quiet-writes): no remembered lookup reads receipts,
// and a limited plan's every call writes them, so else each would make the next request look its key up again.
const RECEIPT = quietWrite(`INSERT INTO take_receipts (id, taken, at, team_id, month, source, hold_window, holder)
  VALUES (?1, changes(), ${DB_NOW_MS}, ?2, ?3, ?4, ?5, ?6)`)
// Before a settlement: where the take has not arrived (yet), its receipt is written here first, so that the take, if
// it ever comes, fails on it and is rolled back with its whole transaction.
const FENCE = `INSERT INTO take_receipts (id, taken, at) VALUES (?1, 0, ${DB_NOW_MS}) ON CONFLICT (id) DO NOTHING`
// ?4 the receipt: the unit comes back only while it is out, so a settlement sent twice gives it back once.
const WHILE_OUT = ' AND EXISTS (SELECT 1 FROM take_receipts WHERE id = ?4 AND taken = 1)'
const GIVE_BACK = { quota: GIVE_BACK_QUOTA + WHILE_OUT, credit: GIVE_BACK_CREDIT + WHILE_OUT }
// A take in doubt keeps its receipt, settled, as the fence; one that was answered cannot come again, and its goes.
const SETTLED = 'UPDATE take_receipts SET taken = 0 WHERE id = ?1'
const GONE = 'DELETE FROM take_receipts WHERE id = ?1'
// ?1 a JSON array of receipts of units kept, or of takes that took nothing: nothing will settle them.
const FORGET = quietWrite('DELETE FROM take_receipts WHERE id IN (SELECT value FROM json_each(?1))')
// ?1 the receipt, ?2 the hold window the call still runs in: it is alive (held-receipts.ts reads `at`). Only while
// the unit is out: no row changed says another server gave it back, taking this process for dead.
const RENEWED = quietWrite(`UPDATE take_receipts SET at = ${DB_NOW_MS}, hold_window = ?2 WHERE id = ?1 AND taken = 1`)
// ?1 the receipt: the same before a long call's answer (usage.ts `keep`), its hold window left where it is.
const STILL_OUT = quietWrite(`UPDATE take_receipts SET at = ${DB_NOW_MS} WHERE id = ?1 AND taken = 1`)

// A settlement the database could not take is sent again this much later, until it answers.
const RETRY_MS = 1000

/** A unit taken on a libSQL server, or perhaps taken: a take whose answer was lost (write-deadline.ts). */
type Owed = {
  teamId: string
  month: string
  source: 'quota' | 'credit'
  window: number | null
  id: string
  // The take itself went unanswered: its receipt stays as its fence.
  inDoubt: boolean
}

/** The transaction that gives back the unit of `o` exactly once, whoever sends it, however often. */
export const settlement = (o: Owed): InStatement[] => [
  { sql: FENCE, args: [o.id] },
  { sql: GIVE_BACK[o.source], args: [o.teamId, o.month, o.window, o.id] },
  { sql: o.inDoubt ? SETTLED : GONE, args: [o.id] },
]

/**
 * Receipts of the units counted calls take (docs/operations.md#a-charge-in-doubt). On a libSQL server a take can go
 * unanswered and be given up while the server may have committed it, or may yet: each take writes a receipt in its
 * own transaction, and its unit is given back through the receipt, only while it is out, with a fence first. So a
 * take in doubt, and a give-back the server did not answer, are settled by sending the settlement until the server
 * answers it: the unit comes back exactly once if it was taken, and a take that never arrived never will commit.
 * A receipt also names its unit and `holder`, this process, so that the unit of a call whose process died comes back
 * too (held-receipts.ts): a call keeps its unit by deleting its receipt.
 */
export function createTakeReceipts(database: Client, group: GroupCommit, holder: string) {
  // Receipts are this process's prefix and a counter: unique, and no random bytes per take.
  const prefix = randomBytes(9).toString('base64url')
  let count = 0
  let done: string[] = []
  // Deletions the database did not take, sent again RETRY_MS later.
  let undone: string[] = []
  let forgetAgain: ReturnType<typeof setTimeout> | undefined
  let forgetting: Promise<unknown> = Promise.resolve()
  const owed = new Set<Owed>()
  let retry: ReturnType<typeof setTimeout> | undefined

  // A failed call's give-back is the call's own write: in the counted lane, before background writes (write-turns.ts),
  // also when sent again from a timer.
  const settle = (o: Owed) => asCountedCall(() => database.batch(settlement(o), 'write'))

  async function sendOwed() {
    retry = undefined
    for (const o of owed) {
      try {
        await settle(o)
        owed.delete(o)
      } catch (e) {
        if (database.closed) return owed.clear()
        if (!unavailable(e)) owed.delete(o)
      }
    }
    if (owed.size > 0) retry = setTimeout(sendOwed, RETRY_MS).unref()
  }

  return {
    /** A new receipt for a take of `a`, and the statement that writes it after the take. */
    next(a: Omit<Owed, 'id' | 'inDoubt'>): { id: string; after: InStatement } {
      const id = `${prefix}${(++count).toString(36)}`
      return { id, after: { sql: RECEIPT, args: [id, a.teamId, a.month, a.source, a.window, holder] } }
    },
    /** The unit of `o` comes back (a call that failed), or, if the server does not answer now, once it does. */
    async giveBack(o: Owed): Promise<void> {
      try {
        await settle(o)
      } catch (e) {
        if (!unavailable(e)) throw e
        owe(o)
      }
    },
    /** A take in doubt, or a give-back not answered: settled once the server answers. */
    owe,
    /**
     * The call kept its unit, or the take took nothing: its receipt goes, with the others of this turn, in one
     * statement.
     */
    forget,
    /**
     * The call still runs, now in hold window `window`: with its hold's move (usage.ts), in one transaction, the
     * receipt's first; changing no row, it says the unit was given back.
     */
    renewed: (id: string, window: number): InStatement => ({ sql: RENEWED, args: [id, window] }),
    /**
     * Whether the unit is still out, saying the call runs (docs/operations.md#a-call-that-outlived-its-silence):
     * false once another server gave it back. Waited for; fails as the database does.
     */
    stillOut: async (id: string): Promise<boolean> =>
      (await group.execute({ sql: STILL_OUT, args: [id] })).rowsAffected > 0,
    /** Writes the receipts' deletions still pending (shutdown: a kept unit's receipt left would be given back). */
    async flush() {
      clearTimeout(forgetAgain)
      done.push(...undone)
      undone = []
      if (done.length > 0) forgetDone()
      await forgetting
    },
    /** Settlements still waiting for the server (tests, shutdown). */
    owed: () => owed.size,
  }

  function forget(id: string) {
    done.push(id)
    if (done.length === 1) setImmediate(forgetDone)
  }

  function owe(o: Owed) {
    owed.add(o)
    // A process that ends meanwhile leaves it, for the next process to settle (held-receipts.ts).
    retry ??= setTimeout(sendOwed, RETRY_MS)
    retry.unref()
  }

  function forgetDone() {
    const ids = done
    done = []
    // With the next group of quota writes, not a round trip of its own. A kept unit's receipt left out would be given
    // back once this process is gone, or quiet too long (held-receipts.ts): one the database did not take is sent
    // again until it does.
    const written = group.execute({ sql: FORGET, args: [JSON.stringify(ids)] }).catch((e) => {
      if (database.closed || !unavailable(e)) return
      undone.push(...ids)
      forgetAgain ??= setTimeout(() => {
        forgetAgain = undefined
        for (const id of undone.splice(0)) forget(id)
      }, RETRY_MS).unref()
    })
    // Settled to nothing, as usage.ts's releases: a chain of values would keep every earlier turn's.
    forgetting = Promise.all([forgetting, written]).then(() => undefined)
  }
}

const unavailable = (e: unknown) => e instanceof AppError && e.kind === 'storage_unavailable'
