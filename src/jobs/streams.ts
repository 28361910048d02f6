import type { Deps } from '../deps'
import { superviseStreams } from '../domain/streams/supervise'

export type Streams = { stop(): Promise<void> }

/**
 * The streams `serve` runs (docs/streams.md): every platform in `mode = "stream"`, each read by one process under its
 * lease. stop() ends the readers; what they read and did not store is read again from the stored position next time.
 */
export function startStreams(deps: Deps): Streams {
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
