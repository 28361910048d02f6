// The server's clock as the console reads it: every time the console shows is the server's (a signal found, a model
// loading since), so "5 min ago" is counted from the server's now. Each answer's Date header (RFC 9110, section
// 6.6.1) says it, to the second; a browser whose clock is hours off (set by hand, a phone in the wrong zone's time)
// read "3 h ago" or "in 3 h" for what had just happened. Apart from api.ts: tests import time.ts where the browser's
// types are not loaded.

// How far the server's clock is ahead of this browser's, in ms, as of the last answer (0 before the first).
let ahead = 0
// The header says the second only, and the answer took its time to arrive (seconds, on a loaded machine): a gap this
// small is that, not a clock set wrong. Taken as one, it made a failure recorded 5 min ago read "4 min ago".
const UNSEEN_GAP_MS = 5_000

/** Called with each answer's Date header, as it arrives; one missing or unreadable changes nothing. */
export function heardFromServer(date: string | null) {
  const at = date ? Date.parse(date) : Number.NaN
  if (!Number.isFinite(at)) return
  const gap = at - Date.now()
  ahead = Math.abs(gap) > UNSEEN_GAP_MS ? gap : 0
}

/** Now by the server's clock, in ms since the epoch. */
export const serverNow = () => Date.now() + ahead
