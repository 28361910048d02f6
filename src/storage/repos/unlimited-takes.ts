import type { GroupCommit } from '../engine/group-commit'
import { quietWrite } from '../engine/quiet-writes'
import { type Counters, countersOf } from './usage-counters'

// ?1 team, ?2 month, ?3 units to add (fewer than none when more were given back than taken since the last write).
// Quiet (docs/performance.md#quiet-writes), like the single takes.
const ADD_UNITS = quietWrite(`UPDATE teams SET quota_used = MAX(quota_used + ?3, 0)
  WHERE id = ?1 AND usage_month = ?2 RETURNING quota_used, credit_used, credits`)

/**
 * An unlimited plan's units are written at most this long after they are taken (docs/api.md#unlimited-plans): the
 * usage chart's additions wait as long, on a timer a busy server arms in the same turn, so both share a commit.
 */
export const COUNTS_WRITTEN_EVERY_MS = 5
/**
 * How long after a write its count answers calls, with the units counted since. Other servers on the database, and
 * this one's calls while the team was on a limited plan, add to the row without this count knowing: after a pause
 * the next call waits for a write again, which tells the count so far (docs/api.md#unlimited-plans). A busy team
 * is written every COUNTS_WRITTEN_EVERY_MS, so under load calls never wait.
 */
export const COUNT_ANSWERED_FOR_MS = 100

// A write that failed (the database locked past its wait, a libSQL server out of reach) is tried again this much
// later, without waiting for another call to come.
const RETRY_MS = 1000
const closedForGood = (e: unknown) => (e as { code?: unknown } | null)?.code === 'CLIENT_CLOSED'

type Waiting = { resolve: (c: Counters | undefined) => void; reject: (e: unknown) => void }
/** One team's month, as this process counts it. */
type Tally = {
  // The counters as the database last answered them; undefined until this process has written once.
  known: Counters | undefined
  // When `known` was answered (performance.now()).
  knownAt: number
  // Units counted here (less those given back) that `known` does not hold yet; `sending` of them are being written.
  unwritten: number
  sending: number
  // Calls of this turn, answered together at its end.
  turn: Waiting[]
}

/**
 * Units of an unlimited plan's quota (docs/performance.md#unlimited-takes). An unlimited quota always has a unit, so
 * a take cannot be refused and need not wait for the database: units are counted here and written as one statement
 * per team and month every COUNTS_WRITTEN_EVERY_MS. A team's first take in this process still waits for its write,
 * which tells the count so far; after that each call gets the last count written plus the units counted since, at
 * the end of its turn of the event loop. A limited plan's take stays one statement per call, where the atomic check
 * against the limit is what keeps the quota exact. `onTaken` gets the counters of each write.
 */
export function createUnlimitedTakes(client: GroupCommit, onTaken: (teamId: string, counters: Counters) => void) {
  type Entry = { teamId: string; month: string; tally: Tally }
  const tallies = new Map<string, Entry>()
  // Only the tallies with calls this turn, and with units to write, are visited: not every team ever counted.
  const answering: Entry[] = []
  const dirty = new Set<Entry>()
  const inFlight = new Set<Promise<unknown>>()
  let timer: ReturnType<typeof setTimeout> | undefined

  const keyOf = (teamId: string, month: string) => `${teamId}\u0000${month}`

  function entry(teamId: string, month: string): Entry {
    const key = keyOf(teamId, month)
    let e = tallies.get(key)
    if (!e) {
      e = { teamId, month, tally: { known: undefined, knownAt: 0, unwritten: 0, sending: 0, turn: [] } }
      tallies.set(key, e)
    }
    return e
  }

  /** Writes `units` of a tally; resolves with the counters written, undefined when the row was not there. */
  function write(teamId: string, month: string, t: Tally, units: number): Promise<Counters | undefined> {
    const written = send(teamId, month, t, units)
    inFlight.add(written)
    return written.finally(() => inFlight.delete(written))
  }

  async function send(teamId: string, month: string, t: Tally, units: number): Promise<Counters | undefined> {
    t.sending += units
    try {
      const rs = await client.execute({ sql: ADD_UNITS, args: [teamId, month, units] })
      t.unwritten -= units
      const row = rs.rows[0]
      // No row: the team is gone or not in this month; its units go with it, and its next call writes and waits.
      if (!row) {
        t.known = undefined
        return undefined
      }
      t.known = countersOf(row)
      t.knownAt = performance.now()
      onTaken(teamId, t.known)
      return t.known
    } finally {
      t.sending -= units
    }
  }

  /**
   * Every tally's units not yet written; resolves once they and the writes already under way are done. A write that
   * fails keeps its units and is tried again RETRY_MS later, unless the database was closed for good.
   */
  async function writeAll(): Promise<void> {
    timer = undefined
    const due = [...dirty].filter((e) => e.tally.known && e.tally.unwritten !== e.tally.sending)
    dirty.clear()
    const own = due.map((e) =>
      write(e.teamId, e.month, e.tally, e.tally.unwritten - e.tally.sending).catch((err) => {
        dirty.add(e)
        throw err
      }),
    )
    const outcomes = await Promise.allSettled([...own, ...inFlight])
    if (outcomes.slice(0, own.length).some((o) => o.status === 'rejected' && !closedForGood(o.reason)))
      writeSoon(RETRY_MS)
  }

  function writeSoon(ms = COUNTS_WRITTEN_EVERY_MS) {
    // Unref'd: a process that is done with its work does not stay up for it (shutdown writes what is left).
    if (!timer) timer = setTimeout(writeAll, ms).unref()
  }

  /**
   * Answers the calls of the turn that just ended. They are answered together rather than each as it comes:
   * answering every call in its own turn made POST /api/v1/leads/score 0.6 times as fast
   * (docs/performance.md#unlimited-takes).
   */
  function answerTurn() {
    for (const e of answering.splice(0)) {
      const { teamId, month, tally: t } = e
      const calls = t.turn
      t.turn = []
      // A write under way will bring the count up to date; a count older than that may miss others' units.
      if (t.known && (t.sending > 0 || performance.now() - t.knownAt <= COUNT_ANSWERED_FOR_MS)) {
        handOut(calls, { ...t.known, quotaUsed: t.known.quotaUsed + t.unwritten })
        dirty.add(e)
        writeSoon()
        continue
      }
      // First write of this team's month, or the first after a pause: the calls wait for it.
      write(teamId, month, t, calls.length).then(
        (counters) => handOut(calls, counters),
        (err) => {
          // After a pause there is a count to answer from, as before the pause: the units stay to be written
          // later (a database locked by another writer must not fail calls that cannot run out).
          if (t.known) {
            handOut(calls, { ...t.known, quotaUsed: t.known.quotaUsed + t.unwritten })
            dirty.add(e)
            if (!closedForGood(err)) writeSoon(RETRY_MS)
            return
          }
          t.unwritten -= calls.length
          for (const w of calls) w.reject(err)
        },
      )
    }
  }

  /** The counters after the last of `calls`, handed out in turn as if each had taken its unit alone. */
  function handOut(calls: Waiting[], last: Counters | undefined) {
    for (const [i, w] of calls.entries())
      w.resolve(last && { ...last, quotaUsed: last.quotaUsed - (calls.length - 1 - i) })
  }

  return {
    /** Takes one unit for `teamId` in `month`: the counters after it, or undefined when the team's row is not in it. */
    take(teamId: string, month: string): Promise<Counters | undefined> {
      return new Promise((resolve, reject) => {
        const e = entry(teamId, month)
        e.tally.unwritten++
        if (e.tally.turn.push({ resolve, reject }) > 1) return
        if (answering.push(e) === 1) setImmediate(answerTurn)
      })
    },
    /** A unit taken for a call that failed: it comes off the count with the next write. */
    giveBack(teamId: string, month: string) {
      const e = tallies.get(keyOf(teamId, month))
      if (!e?.tally.known) return
      e.tally.unwritten--
      dirty.add(e)
      writeSoon()
    },
    /** Units this process has counted for the team's month that the database does not hold yet. */
    unwritten(teamId: string, month: string): number {
      return tallies.get(keyOf(teamId, month))?.tally.unwritten ?? 0
    },
    /** Writes every unit counted so far (shutdown, tests). */
    flush: writeAll,
  }
}
