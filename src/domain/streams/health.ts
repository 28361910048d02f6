import { AppError } from '../../errors'
import type { StreamDeps } from './runner'

// A stream hears from upstream several times a second: its success is written at most this often, and at once after
// a failure, so that the Sources page's "last success" stays current without a write per event.
const SUCCESS_EVERY_MS = 60_000

/**
 * A stream's reading as source health and in the log (docs/streams.md#source-health), the same row a search writes: a failure to
 * read upstream at once, with the platform's own message (never a URL or a body), and a success when upstream
 * answers. Without it a stream that cannot connect showed only its last search's outcome, however old.
 */
export function streamHealth(deps: Pick<StreamDeps, 'repos' | 'clock' | 'log'>, platform: string) {
  let failing = true
  let successAt = 0
  const write = (what: string, done: Promise<void>) =>
    done.catch((err) => deps.log.error('stream_health_not_written', { platform, what, err }))
  return {
    failed(err: unknown) {
      // Every reader's failures are logged here, once, with the platform.
      deps.log.warn('stream_read_failed', { platform, err })
      failing = true
      const message = err instanceof AppError ? err.message : `${platform} stream could not be read`
      void write('failure', deps.repos.platformHealth.recordFailure(platform, deps.clock.now().toISOString(), message))
    },
    heard() {
      const now = deps.clock.now()
      if (!failing && now.getTime() - successAt < SUCCESS_EVERY_MS) return
      failing = false
      successAt = now.getTime()
      void write('success', deps.repos.platformHealth.recordHeard(platform, now.toISOString()))
    },
  }
}
