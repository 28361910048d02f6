// When a delivery answered 429 again and again is logged (docs/operations.md, `webhook_attempt`): a receiver asking
// for 3.5 s at a time for a day would otherwise write 25,000 lines for one delivery. The run is logged when it
// starts, when it has lasted 1, 2, 4, 8, 16 and 32 minutes, then every hour, and when it ends (its last line, a success
// or another failure, says how long it lasted). Worked out from the delivery's own row, so every server agrees.

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Which stretch of a run of 429s `ms` into it falls in: -1 before a minute, then one per doubling, then per hour. */
function stretch(ms: number) {
  if (ms < MINUTE) return -1
  if (ms < HOUR) return Math.floor(Math.log2(ms / MINUTE))
  return 5 + Math.floor(ms / HOUR)
}

/**
 * Whether a 429 at `atMs` is logged, for a run of 429s since `sinceMs` (null: this one starts it) whose previous
 * attempt was at `lastAttemptAt`: the first, and the first of each new stretch.
 */
export function logsRateLimited(sinceMs: number | null, lastAttemptAt: string | null, atMs: number) {
  if (sinceMs === null) return true
  const previous = lastAttemptAt === null ? Number.NaN : Date.parse(lastAttemptAt)
  if (!Number.isFinite(previous)) return true
  return stretch(atMs - sinceMs) > stretch(previous - sinceMs)
}

/** How long a run of 429s has lasted at `atMs`, in whole seconds; undefined when there is none. */
export const rateLimitedSec = (sinceMs: number | null, atMs: number) =>
  sinceMs === null ? undefined : Math.round((atMs - sinceMs) / 1000)
