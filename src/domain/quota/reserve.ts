import { setTimeout as sleep } from 'node:timers/promises'
import type { Reservation } from '../../storage/repos/usage'
import type { Needs } from '../needs'
import { monthlyLimitOf } from '../core/plans'
import { monthOf } from './month'
import { HOLD_WINDOW_MS, holdWindowOf, takeUnit } from './order'

// Polling, since a unit may come back from another process: quickly at first, then every 100 ms at most.
const FIRST_PAUSE_MS = 5
const LONGEST_PAUSE_MS = 100
// Two hold windows, what a connection leaves for it before the call's own work (config/answer-time.ts). Holds of a
// process that died have stopped counting by then; a call still running renews its own, however long it takes.
const LONGEST_WAIT_MS = 2 * HOLD_WINDOW_MS

/**
 * No unit to be had: `held` is how many units calls still in flight hold at the end of the wait (0: none), in
 * `month`, the month whose units were looked for last (later than asked when the team's counters were already there),
 * under `plan`, the team's plan then.
 */
export type NoUnit = { held: number; month: string; plan: string }
/** A unit taken, and the plan whose limit it was taken under (the team's, as the wait last read it). */
export type Reserved = { reservation: Reservation; plan: string }

/**
 * docs/api.md#reserve-and-give-back. Takes one unit (quota, then credits). When none is free but calls in flight hold
 * some, a call that fails gives its unit back, so this waits (up to LONGEST_WAIT_MS) for the holds to settle before
 * answering that there is no unit: with R units left, R calls succeed whatever fails beside them. Exactness stays with
 * the atomic take.
 */
export async function reserveUnit(
  deps: Needs<'config' | 'clock', 'usage'>,
  a: { teamId: string; month: string; limit: number | null; plan: string; signal?: AbortSignal },
): Promise<Reserved | NoUnit> {
  const { usage } = deps.repos
  const started = performance.now()
  const startedAt = deps.clock.now().getTime()
  // The wait as the process measures it, or as the clock does when it ran ahead (the clock tests set).
  const waited = () => Math.max(performance.now() - started, deps.clock.now().getTime() - startedAt)
  let pause = FIRST_PAUSE_MS
  let month = a.month
  let plan = a.plan
  let limit = a.limit
  for (;;) {
    const reservation = await takeUnit(usage, a.teamId, month, limit, deps.clock.now())
    if (reservation) return { reservation, plan }
    for (;;) {
      const state = await usage.holding(a.teamId, month, limit, holdWindowOf(deps.clock.now()))
      // The team's counters are already in a later month: a call that began just after midnight, or another process
      // whose clock is a moment ahead, moved them (docs/api.md#the-month). This call is paid from that month, rather
      // than finding no unit "in" a month that is over and answering 429 to a team with its whole quota left (or
      // with an unlimited one).
      if (state.month !== undefined && state.month > month) {
        month = state.month
        break
      }
      // The operator moved the team to another plan while this call waited (team set --plan): its limit applies
      // from now (docs/api.md#plans), so a team moved off a spent plan is not refused for that plan's limit. A plan
      // without API access has no requests to give; the call, let in before, waits on as it began.
      const moved = state.plan === undefined || state.plan === plan ? undefined : deps.config.plans[state.plan]
      if (moved?.api_access && state.plan) {
        plan = state.plan
        limit = monthlyLimitOf(moved)
        break
      }
      // An unlimited quota always has a unit in its month: nothing to wait for.
      if (limit === null) return { held: 0, month, plan }
      if (state.free) break
      // Midnight on the 1st passed while waiting: units held in the month that ended can only go back to it, and
      // the caller finds its unit in the new month (charge.ts).
      const reset = monthOf(deps.clock.now()) > month
      const over = waited() >= LONGEST_WAIT_MS || a.signal?.aborted === true
      if (reset || state.held === 0 || over) return { held: state.held, month, plan }
      await sleep(pause)
      pause = Math.min(2 * pause, LONGEST_PAUSE_MS)
    }
  }
}
