import type { Deps } from '../deps'
import { streamsThatCannotRun, superviseStreams } from '../domain/streams/supervise'

type Streams = { stop(): Promise<void> }

/**
 * The streams `serve` runs (docs/streams.md): every platform in `mode = "stream"`, each read by one process under its
 * lease. stop() ends the readers; what they read and did not store is read again from the stored position next time.
 */
export function startStreams(deps: Deps): Streams {
  for (const { platform, needs } of streamsThatCannotRun(deps.config))
    deps.log.warn('stream_not_started', {
      platform,
      reason: `mode = "stream" needs ${needs}; without it the ${platform} stream does not run (docs/streams.md)`,
    })
  const shutdown = new AbortController()
  const running = superviseStreams(deps, shutdown.signal).catch((err) =>
    deps.log.error('job_failed', { job: 'streams', err }),
  )
  return {
    async stop() {
      shutdown.abort()
      await running
    },
  }
}
