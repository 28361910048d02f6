import type { Clock } from '../../lib/clock'
import type { Repos } from '../../storage/repos'

/**
 * A platform's health as its searches turn out (docs/api.md#source-health), with a success written at most once a
 * second per process: a polling pass searches a platform hundreds of times a second, and each was a write
 * transaction of its main thread, waiting its turn beside the pass's writer (docs/performance.md#the-polling-writer).
 * A failure is written at once, and so is the first success after it, or after the connector's warning changed.
 */
export function healthNotes(health: Repos['platformHealth'], clock: Clock) {
  // Per platform: the second of the last success written, and its warning.
  const written = new Map<string, { second: number; warning: string | null }>()
  return {
    async success(platform: string, warning: string | null) {
      const now = clock.now()
      const second = Math.floor(now.getTime() / 1000)
      const last = written.get(platform)
      if (last && last.second === second && last.warning === warning) return
      written.set(platform, { second, warning })
      try {
        await health.recordSuccess(platform, now.toISOString(), warning)
      } catch (err) {
        written.delete(platform)
        throw err
      }
    },
    async failure(platform: string, at: string, error: string, retryAt?: string) {
      written.delete(platform)
      await health.recordFailure(platform, at, error, retryAt)
    },
  }
}
