import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'

// A polling pass sends a search per keyword to each platform within seconds: on a server without internet each one
// told the same platform_unreachable words, a line per keyword per platform every pass (docs/operations.md#logs).
const ONCE_EVERY_MS = 60_000

/**
 * Logs a platform that could not be reached at most once a minute; the next line says how many failed searches were
 * left out since the last one (`unlogged`), as mcp_origin_refused does. Source health still takes every failure.
 */
export function unreachableTold(log: Logger, clock: Clock) {
  const told = new Map<string, { at: number; unlogged: number }>()
  return (platform: string, err: unknown) => {
    const at = clock.now().getTime()
    const last = told.get(platform)
    if (last && at - last.at < ONCE_EVERY_MS) {
      last.unlogged++
      return
    }
    told.set(platform, { at, unlogged: 0 })
    log.warn('platform_unreachable', { platform, ...(last?.unlogged ? { unlogged: last.unlogged } : {}), err })
  }
}
