import { randomBytes } from 'node:crypto'
import type { Client, InStatement } from '@libsql/client'
import { AppError } from '../../errors'
import type { GroupCommit } from '../engine/group-commit'
import { DB_NOW_MS } from './db-now'
import { GIVE_BACK_CREDIT, GIVE_BACK_QUOTA } from './usage-sql'

// ?1 the receipt. Sent right after a take, in its transaction: whether the take took a unit.
const RECEIPT = `INSERT INTO take_receipts (id, taken, at) VALUES (?1, changes(), ${DB_NOW_MS})`
// Before a settlement: where the take has not arrived (yet), its receipt is written here first, so that the take, if
// it ever comes, fails on it and is rolled back with its whole transaction.
const FENCE = `INSERT INTO take_receipts (id, taken, at) VALUES (?1, 0, ${DB_NOW_MS}) ON CONFLICT (id) DO NOTHING`
// ?4 the receipt: the unit comes back only while it is out, so a settlement sent twice gives it back once.
const WHILE_OUT = ' AND EXISTS (SELECT 1 FROM take_receipts WHERE id = ?4 AND taken = 1)'
const GIVE_BACK = { quota: GIVE_BACK_QUOTA + WHILE_OUT, credit: GIVE_BACK_CREDIT + WHILE_OUT }
// A take in doubt keeps its receipt, settled, as the fence; one that was answered cannot come again, and its goes.
const SETTLED = 'UPDATE take_receipts SET taken = 0 WHERE id = ?1'
const GONE = 'DELETE FROM take_receipts WHERE id = ?1'
// ?1 a JSON array of receipts of units kept: nothing will settle them.
const FORGET = 'DELETE FROM take_receipts WHERE id IN (SELECT value FROM json_each(?1))'

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

/**
 * Receipts of the units counted calls take on a libSQL server (docs/operations.md#a-charge-in-doubt). There a take can
 * go unanswered and be given up while the server may have committed it, or may yet: each take writes a receipt in
 * its own transaction, and its unit is given back through the receipt, only while it is out, with a fence first. So a
 * take in doubt, and a give-back the server did not answer, are settled by sending the settlement until the server
 * answers it: the unit comes back exactly once if it was taken, and a take that never arrived never will commit.
 */
export function createTakeReceipts(database: Client, group: GroupCommit) {
  // Receipts are this process's prefix and a counter: unique, and no random bytes per take.
  const prefix = randomBytes(9).toString('base64url')
  let count = 0
  let kept: string[] = []
  const owed = new Set<Owed>()
  let retry: ReturnType<typeof setTimeout> | undefined

  const settle = (o: Owed) =>
    database.batch(
      [
        { sql: FENCE, args: [o.id] },
        { sql: GIVE_BACK[o.source], args: [o.teamId, o.month, o.window, o.id] },
        { sql: o.inDoubt ? SETTLED : GONE, args: [o.id] },
      ],
      'write',
    )

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
    /** A new receipt, and the statement that writes it after its take. */
    next(): { id: string; after: InStatement } {
      const id = `${prefix}${(++count).toString(36)}`
      return { id, after: { sql: RECEIPT, args: [id] } }
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
    /** The call kept its unit: its receipt goes, with the others of this turn, in one statement. */
    keep(id: string) {
      kept.push(id)
      if (kept.length === 1) setImmediate(forgetKept)
    },
    /** Settlements still waiting for the server (tests, shutdown). */
    owed: () => owed.size,
  }

  function owe(o: Owed) {
    owed.add(o)
    // A process that ends meanwhile leaves it: the unit stays taken (docs/operations.md#a-charge-in-doubt).
    retry ??= setTimeout(sendOwed, RETRY_MS)
    retry.unref()
  }

  function forgetKept() {
    const ids = JSON.stringify(kept)
    kept = []
    // With the next group of quota writes, not a round trip of its own. A receipt left behind holds nothing back:
    // housekeeping drops it.
    group.execute({ sql: FORGET, args: [ids] }).catch(() => undefined)
  }
}

const unavailable = (e: unknown) => e instanceof AppError && e.kind === 'storage_unavailable'
