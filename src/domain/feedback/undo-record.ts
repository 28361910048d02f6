import { remember } from '../../lib/bounded-map'
import type { Verdict } from '../../storage/repos/signal-feedback'

/** What a signal was before a verdict: its verdict (reason and time with it) and whether it was dismissed. */
export type Before = { verdict: Verdict | null; reason: string | null; judgedAt: string | null; dismissed: boolean }
type Recorded = { judgedAt: string; before: Before }

// Signals with an Undo still to be had; past this the oldest goes (its Undo then says to reload the page).
const MAX_RECORDS = 50_000
// One record book per set of repositories, that is per server process's deps (tests build many in one process).
const books = new WeakMap<object, Map<string, Recorded>>()

/**
 * docs/console.md#verdicts: what a signal was before the verdict judged at `judgedAt`, as this server read it when it
 * wrote that verdict. An Undo puts back this, never what its request says the signal was: a client could otherwise
 * undo into a verdict the signal never had, or bring a muted author's signal into the list without one.
 */
export function undoRecords(owner: object) {
  let book = books.get(owner)
  if (!book) {
    book = new Map()
    books.set(owner, book)
  }
  const held = book
  const keyOf = (teamId: string, signalId: string) => `${teamId}\u0000${signalId}`
  return {
    keep(teamId: string, signalId: string, judgedAt: string, before: Before): void {
      remember(held, keyOf(teamId, signalId), { judgedAt, before }, MAX_RECORDS)
    },
    /** The signal's state before the verdict judged at `undoes`, taken out (an Undo is done once), or undefined. */
    take(teamId: string, signalId: string, undoes: string): Before | undefined {
      const key = keyOf(teamId, signalId)
      const found = held.get(key)
      // Compared as instants: a time with another zone or none of the milliseconds is the same verdict's.
      if (!found || Date.parse(found.judgedAt) !== Date.parse(undoes)) return undefined
      held.delete(key)
      return found.before
    },
  }
}
