import type { Config } from './schema'

/** The largest idle timeout Bun takes for a connection: the longest a request can wait for its answer. */
export const MAX_CONNECTION_IDLE_SEC = 255
// docs/api.md#reserve-and-give-back: a counted call waits up to this for units held by calls in flight (two hold
// windows, domain/quota/reserve.ts) before its own work starts.
const HELD_UNITS_WAIT_MS = 60_000
/** The longest a counted call's own work may take: a connection's time less the wait for held units. */
export const LONGEST_WORK_MS = MAX_CONNECTION_IDLE_SEC * 1000 - HELD_UNITS_WAIT_MS

const WHY = `a request waits up to ${HELD_UNITS_WAIT_MS / 1000} s for units held by calls in flight, then this, and a connection waits at most ${MAX_CONNECTION_IDLE_SEC} s for its answer`
const atMost = (ms: number) => `at most ${ms} (${Math.floor(ms / 1000)} s)`

/**
 * docs/operations.md#server-settings: a score request waits for the scorer, a search for its platform (and the scorer
 * after it in the scored variant). A timeout that lets the answer come later than a connection is held open lost the
 * connection without an answer, so it is refused at start-up: the key at fault and the message, or undefined.
 */
export function answerTooLate(config: Config): { key: string; message: string } | undefined {
  const scorerMs = config.scorer.timeout_ms
  if (scorerMs > LONGEST_WORK_MS) return { key: 'scorer.timeout_ms', message: `${atMost(LONGEST_WORK_MS)}: ${WHY}` }
  const scored = config.api.search_variant === 'scored'
  const platformMs = scored ? LONGEST_WORK_MS - scorerMs : LONGEST_WORK_MS
  for (const [name, table] of Object.entries(config.platforms)) {
    const ms = (table as { timeout_ms?: number }).timeout_ms
    if (ms === undefined || ms <= platformMs) continue
    const beside = scored ? ` with scorer.timeout_ms ${scorerMs} in the scored variant` : ''
    return { key: `platforms.${name}.timeout_ms`, message: `${atMost(platformMs)}${beside}: ${WHY}` }
  }
  return undefined
}
