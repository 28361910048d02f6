import { sharedPause } from '../common/credential-pauses'
import { retryAfterSecOf } from '../common/rate-limit'
import type { PauseBoard } from '../common/shared-pauses'

// Product Hunt's budget is in complexity points per 15-minute window; every answer says how many are left
// (X-Rate-Limit-Remaining) and in how many seconds the window resets (X-Rate-Limit-Reset):
// docs/platforms.md#producthunt.

/**
 * The complexity points an answer says are left (X-Rate-Limit-Remaining) against what a page cost (the fall from the
 * last answer's): with fewer left than that, or none, every read waits for X-Rate-Limit-Reset (seconds), refused
 * unsent (docs/platforms.md#producthunt), in every process with the same token (`key`, on `board`).
 */
export function pointsLeft(key: string, board: PauseBoard) {
  const pause = sharedPause(
    (wait) => `producthunt's complexity points are spent: wait ${wait} s before searching again`,
    'producthunt',
    key,
    board,
  )
  let last: number | undefined
  const heard = async (headers: Headers) => {
    const said = headers.get('x-rate-limit-remaining')?.trim()
    const left = said ? Number(said) : Number.NaN
    if (!Number.isFinite(left)) return
    const cost = last !== undefined && last > left ? last - left : 0
    last = left
    const reset = retryAfterSecOf(headers, board.now())
    if (reset !== undefined && (left < 1 || left < cost)) await pause.hold(reset, 'no points for another page')
  }
  // A read's first page has no cost to go by: points spent between two reads are not a page's.
  return { ...pause, heard, newRead: () => (last = undefined) }
}
