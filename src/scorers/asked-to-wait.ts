// A model server that answers 429 (a rate limit) or 503 (busy) may say with Retry-After when to ask again. Asking
// sooner spends the limit further: OpenAI's help article on 429 errors says the refused requests count against the
// per-minute limit (docs/scoring.md#fallback-and-timeouts). So the calls keep off the server for that long.

/** The longest wait followed: a daily quota's hours would leave the model unused long after a new key was set. */
export const MAX_WAIT_SEC = 600

/**
 * Whole seconds a 429 or 503 answer asks the caller to wait (Retry-After as seconds or an HTTP date, RFC 9110), at
 * most MAX_WAIT_SEC; undefined for any other answer, or one without a wait that can be read.
 */
export function askedToWait(res: Response, nowMs = Date.now()): number | undefined {
  if (res.status !== 429 && res.status !== 503) return undefined
  const header = res.headers.get('retry-after')?.trim()
  if (!header) return undefined
  const sec = /^\d+$/.test(header) ? Number(header) : (Date.parse(header) - nowMs) / 1000
  if (!Number.isFinite(sec) || sec <= 0) return undefined
  return Math.min(MAX_WAIT_SEC, Math.ceil(sec))
}

/** The wait a scorer's error carries (`waitSec`, set from askedToWait), if any. */
export function waitAskedBy(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('waitSec' in err)) return undefined
  return typeof err.waitSec === 'number' ? err.waitSec : undefined
}

/** A refused call's message with the wait its server asked for, which keeps the calls after it off the server. */
export function sayingWait(message: string, waitSec: number | undefined): string {
  if (waitSec === undefined) return message
  // A server's message often ends with a full stop ("… Please try again in 20s."): no ".;" after it.
  return `${message.replace(/\.$/, '')}; it asked to be asked again in ${waitSec} s (Retry-After): no call asks it until then`
}
