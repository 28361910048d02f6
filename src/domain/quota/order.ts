import type { Reservation } from '../../storage/repos/usage'
import type { Repos } from '../../storage/repos'
import type { Clock } from '../../lib/clock'

/**
 * docs/api.md#reserve-and-give-back: a counted call is paid from the monthly quota while any is left, then by a credit.
 */
export const PAYMENT_ORDER = ['quota', 'credit'] as const satisfies readonly Reservation['source'][]

/**
 * Holds are counted in windows of this length: a unit reserved in window w counts as held until the end of window
 * w + 1, so holds that nobody settles (their process died) stop counting after one to two windows.
 */
export const HOLD_WINDOW_MS = 30_000
export const holdWindowOf = (at: Date) => Math.floor(at.getTime() / HOLD_WINDOW_MS)

// How often a call in flight looks whether a new hold window began: well within one, so its hold, counted to the end
// of the next window, never lapses.
const RENEW_CHECK_MS = 1_000

/**
 * Keeps the unit of a call in flight held for as long as the call runs, however long (a search of a provider
 * platform, a slow scorer): each new hold window, the hold moves into it
 * (docs/architecture.md#units-held-by-calls-in-flight). Returns what stops it, once the call settles.
 */
export function holdWhileRunning(usage: Pick<Repos['usage'], 'renew'>, r: Reservation, clock: Clock): () => void {
  if (r.window === null) return () => {}
  const timer = setInterval(() => usage.renew(r, holdWindowOf(clock.now())), RENEW_CHECK_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Takes one unit in PAYMENT_ORDER (`limit` null: an unlimited quota). A limited plan's unit is held in the hold
 * window of `at` until the call keeps it or gives it back: only there can a call run out and need to wait.
 */
export async function takeUnit(
  usage: Pick<Repos['usage'], 'take'>,
  teamId: string,
  month: string,
  limit: number | null,
  at: Date,
): Promise<Reservation | undefined> {
  const window = limit === null ? null : holdWindowOf(at)
  for (const source of PAYMENT_ORDER) {
    const taken = await usage.take(source, { teamId, month, limit, window })
    if (taken) return taken
  }
  return undefined
}
