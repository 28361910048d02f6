import { AppError } from '../../errors'
import type { StreamDeps } from './runner'

// A stream hears from upstream several times a second: its success is written at most this often, and at once after
// a failure, so that the Sources page's "last success" stays current without a write per event.
const SUCCESS_EVERY_MS = 60_000
// While a stream cannot read, it retries up to once a minute; the log says so when the outage begins and then at most
// this often, not at each try (docs/streams.md#outages).
const REMIND_EVERY_MS = 15 * 60_000

/**
 * A stream's reading as source health and in the log (docs/streams.md#source-health), the same row a search writes:
 * each failure to read upstream at once, with the platform's own message (never a URL or a body), and a success when
 * upstream answers. Without it a stream that cannot connect showed only its last search's outcome, however old.
 */
export function streamHealth(deps: Pick<StreamDeps, 'repos' | 'clock' | 'log'>, platform: string) {
  let failing = true
  let successAt = 0
  // The outage under way: when it began, its failed reads, when the log last spoke of it.
  let outage: { since: number; failures: number; toldAt: number } | undefined
  const write = (what: string, done: Promise<void>) =>
    done.catch((err) => deps.log.error('stream_health_not_written', { platform, what, err }))
  return {
    failed(err: unknown) {
      const now = deps.clock.now()
      failing = true
      if (!outage) {
        outage = { since: now.getTime(), failures: 1, toldAt: now.getTime() }
        deps.log.warn('stream_read_failed', { platform, err, retrying: 'with a growing wait, up to a minute' })
      } else {
        outage.failures++
        if (now.getTime() - outage.toldAt >= REMIND_EVERY_MS) {
          outage.toldAt = now.getTime()
          const since = new Date(outage.since).toISOString()
          deps.log.warn('stream_still_failing', { platform, since, failures: outage.failures, err })
        }
      }
      const message = err instanceof AppError ? err.message : `${platform} stream could not be read`
      void write('failure', deps.repos.platformHealth.recordFailure(platform, now.toISOString(), message))
    },
    heard() {
      const now = deps.clock.now()
      if (outage) {
        const downSeconds = Math.round((now.getTime() - outage.since) / 1000)
        deps.log.info('stream_recovered', { platform, failures: outage.failures, downSeconds })
        outage = undefined
      }
      if (!failing && now.getTime() - successAt < SUCCESS_EVERY_MS) return
      failing = false
      successAt = now.getTime()
      void write('success', deps.repos.platformHealth.recordHeard(platform, now.toISOString()))
    },
  }
}
