import type { Config } from '../../config/schema'
import type { StreamReader } from '../../platforms/stream'
import { pause } from '../../lib/pause'
import { streamReaders } from '../../platforms/streams'
import type { PauseBoard } from '../../platforms/common/shared-pauses'

export { streamedPlatforms, streamsThatCannotRun } from '../../platforms/streams'
import type { LeaseDeps } from '../leases/lease'
import { JobStalled, watchedLease } from '../health/watched-lease'
import type { StoreOutcome } from '../polling/state'
import { createRulesPool } from '../../scorers/rules/pool'
import { runStream, type StreamDeps } from './runner'
import { streamRestarts } from './restarts'
import { type StreamLimits, StreamStalled } from './stall'

export type { StreamLimits } from './stall'

// The lease of a platform's reader: renewed every third of it; another process takes over within it after a crash
// elsewhere (at once on this host, lease.ts).
const LEASE_MS = 30_000
// How often a process without the lease asks for it again.
const STANDBY_MS = 10_000
// A start that has run this long after a single stop is not named for it, though it stored nothing (a quiet platform);
// a second stop before the position moves is (restarts.ts).
const SETTLED_MS = 60_000

/**
 * Every stream of this configuration (docs/streams.md), each under its own lease `stream:<platform>` so that one
 * process reads a platform however many run `serve`; the others stand by and take over when the lease is free.
 * Resolves once `signal` aborts and every reader has stopped.
 */
export async function superviseStreams(
  deps: StreamDeps & LeaseDeps & { config: Config; pauses?: PauseBoard },
  signal: AbortSignal,
  store?: StoreOutcome,
  readers: StreamReader[] = streamReaders(deps.config, deps.log, { pauses: deps.pauses }),
  limits?: StreamLimits,
) {
  // One pool of rules workers for every stream, not one a pass: a new pool starts a worker thread, which reads the
  // scorer's vocabulary and weights again, and each stream began a pass every refresh (docs/performance.md#streams).
  // Made anew (the old one's other workers ended) only when a worker failed.
  let pool = createRulesPool()
  const rulesPool = () => {
    if (pool.failed) {
      pool.close()
      pool = createRulesPool()
    }
    return pool
  }
  await Promise.all(
    readers.map(async (reader) => {
      const restarts = streamRestarts(deps, reader.platform)
      while (!signal.aborted) {
        try {
          const lease = { name: `stream:${reader.platform}`, ttlMs: limits?.leaseMs ?? LEASE_MS, signal }
          // As GET /readyz names it while the database does not answer it (docs/operations.md#a-job-that-hangs).
          const run = await watchedLease(deps, `the ${reader.platform} stream`, lease, async (stop) => {
            deps.log.info('stream_started', { platform: reader.platform })
            // Not a start that stops before storing: its position moved, or it has run a minute (a quiet platform).
            const settled = setTimeout(restarts.settled, limits?.settledMs ?? SETTLED_MS)
            try {
              await runStream(deps, reader, stop, { rulesPool, store, limits, progressed: restarts.moved })
            } finally {
              clearTimeout(settled)
            }
          })
          if ('heldBy' in run) {
            // Another process reads it: what this one could not read is not this one's to tell.
            deps.stuck.degraded(`the ${reader.platform} stream`, undefined)
            restarts.moved()
            await pause(STANDBY_MS, signal)
          }
        } catch (err) {
          if (err instanceof JobStalled) {
            // Told once an outage, with when the database last answered; the tries in it say nothing more.
            if (!err.already)
              deps.log.warn('stream_stalled', {
                platform: reader.platform,
                hung: 'the database',
                since: err.since,
                waitedSeconds: err.seconds,
                next: 'the stream starts again from its stored position once the database answers',
              })
            // A batch given up on is logged by the runner (stream_stalled).
          } else {
            if (!(err instanceof StreamStalled)) deps.log.error('stream_failed', { platform: reader.platform, err })
            // Each start that stops before its position moves keeps the first one's time: past 5 minutes, GET /readyz
            // names it, until a batch is stored (docs/streams.md#resuming).
            restarts.stopped()
          }
          await pause(limits?.restartMs ?? STANDBY_MS, signal)
        }
      }
    }),
  ).finally(() => pool.close())
}
