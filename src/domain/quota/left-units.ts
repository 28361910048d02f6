import { isDeadLocalHolder, LEASE_HOST, newHolder } from '../leases/holder'
import type { Reservation } from '../../storage/repos/usage'
import type { Needs } from '../needs'
import { HOLD_WINDOW_MS } from './order'

/**
 * How long a call in flight may say nothing before its unit counts as left by a process that died: three hold
 * windows. A call that runs says so with each new window (order.ts `holdWhileRunning`), so one that is still running
 * is never taken for dead; a process of another machine cannot be asked whether it runs.
 */
export const LEFT_QUIET_MS = 3 * HOLD_WINDOW_MS

/**
 * A call whose receipt was last found out longer ago than this (its link to a libSQL server silent or slow since)
 * finds it still out, waiting for the answer, before it answers (docs/operations.md#a-call-that-outlived-its-silence):
 * another server may have taken it for dead. One hold window and the few seconds a renewal takes to be sent (looked
 * for every second) and answered on a slow link: a call whose renewals are answered on time never waits for it, and
 * the receipt's deletion after an answer still has 55 s to reach the database.
 */
export const CONFIRM_AFTER_MS = HOLD_WINDOW_MS + 5_000

/** Whether the call holding `r` must find its unit still out before it answers. */
export const mustConfirm = (r: Reservation) =>
  r.confirmedAt !== undefined && performance.now() - r.confirmedAt > CONFIRM_AFTER_MS

/** This process's name on the units its calls hold: another process can tell from it when this one is gone. */
export const unitHolder = () => newHolder(LEFT_QUIET_MS)

/**
 * docs/api.md#reserve-and-give-back: gives back the units that calls of a process that died still held (killed
 * outright, they were never answered, so they are not charged): at once for a process of this machine that is gone,
 * never for one that runs (however slowly the database takes its word), and for another machine's once its calls
 * said nothing for LEFT_QUIET_MS. Each comes back exactly once. Returns how many came back.
 */
export const giveBackLeftUnits = (deps: Needs<never, 'heldReceipts'>): Promise<number> =>
  deps.repos.heldReceipts.giveBackLeft({ quietMs: LEFT_QUIET_MS, holder: standingOf })

/** Whether the process a holder's name names is gone, runs, or cannot be asked (another machine's). */
function standingOf(name: string): 'gone' | 'alive' | 'unknown' {
  if (isDeadLocalHolder(name)) return 'gone'
  return name.split(':')[0] === LEASE_HOST ? 'alive' : 'unknown'
}
