// The server's clock as the console reads it: every time the console shows is the server's (a signal found, a model
// loading since), so "5 min ago" is counted from the server's now. Each answer's Date header (RFC 9110, section
// 6.6.1) says it, to the second; a browser whose clock is hours off (set by hand, a phone in the wrong zone's time)
// read "3 h ago" or "in 3 h" for what had just happened. Apart from api.ts: tests import time.ts where the browser's
// types are not loaded.

// How far the server's clock is ahead of this browser's, in ms, as of the last answer (0 before the first).
let ahead = 0

/** Called with each answer's Date header, as it arrives; one missing or unreadable changes nothing. */
export function heardFromServer(date: string | null) {
  const at = date ? Date.parse(date) : Number.NaN
  if (Number.isFinite(at)) ahead = at - Date.now()
}

/** Now by the server's clock, in ms since the epoch. */
export const serverNow = () => Date.now() + ahead
