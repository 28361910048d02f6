import type { Source } from '../../config/platform-names'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'
import type { Mention, PlatformConnector } from '../../platforms/types'
import type { createPlatformHealthRepo } from '../../storage/repos/platform-health'
import { AppError } from '../../errors'

type RunnerDeps = {
  connectors: Map<Source, PlatformConnector>
  clock: Clock
  log: Logger
  health: ReturnType<typeof createPlatformHealthRepo>
}

/**
 * Runs searches on the connectors. Identical searches in flight at once (same source, keyword, limit) share one
 * upstream call; every outcome is recorded as the source's health (GET /api/v1/platforms), with the time a
 * rate-limit answer asked us to wait for.
 */
export function createSearchRunner(deps: RunnerDeps) {
  const inFlight = new Map<string, Promise<Mention[]>>()

  async function searchOnce(connector: PlatformConnector, keyword: string, limit: number): Promise<Mention[]> {
    try {
      const mentions = await connector.search(keyword, limit)
      await deps.health.recordSuccess(connector.platform, deps.clock.now().toISOString())
      return mentions
    } catch (err) {
      // Only our own messages are kept (docs/api.md#error-codes): they name the platform and the failure, never a URL or a body.
      const message = err instanceof AppError ? err.message : `${connector.platform} search failed`
      if (!(err instanceof AppError)) deps.log.error('platform_search_failed', { platform: connector.platform, err })
      const now = deps.clock.now()
      const wait = err instanceof AppError ? err.extra.retryAfterSec : undefined
      const retryAt = wait === undefined ? undefined : new Date(now.getTime() + wait * 1000).toISOString()
      await deps.health.recordFailure(connector.platform, now.toISOString(), message, retryAt)
      throw err instanceof AppError ? err : new AppError('upstream_error', message)
    }
  }

  return {
    isAvailable: (source: Source) => deps.connectors.has(source),
    search(source: Source, keyword: string, limit: number): Promise<Mention[]> {
      const connector = deps.connectors.get(source)
      if (!connector)
        return Promise.reject(new AppError('platform_not_configured', `${source} is not configured on this server`))
      const key = `${source}\u0000${limit}\u0000${keyword}`
      let running = inFlight.get(key)
      if (!running) {
        running = searchOnce(connector, keyword, limit).finally(() => inFlight.delete(key))
        inFlight.set(key, running)
      }
      return running
    },
  }
}

export type SearchRunner = ReturnType<typeof createSearchRunner>
