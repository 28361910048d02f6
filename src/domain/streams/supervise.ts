import type { Config } from '../../config/schema'
import type { StreamReader } from '../../platforms/stream'
import { pause } from '../../lib/pause'
import { streamReaders } from '../../platforms/streams'

export { streamedPlatforms, streamsThatCannotRun } from '../../platforms/streams'
import { type LeaseDeps, withLease } from '../leases/lease'
import type { StoreOutcome } from '../polling/state'
import { createRulesPool } from '../../scorers/rules/pool'
import { runStream, type StreamDeps } from './runner'
import { type StreamLimits, StreamStalled } from './stall'

export type { StreamLimits } from './stall'

// The lease of a platform's reader: renewed every third of it; another process takes over within it after a crash
// elsewhere (at once on this host, lease.ts).
const LEASE_MS = 30_000
// How often a process without the lease asks for it again.
const STANDBY_MS = 10_000

/**
 * Every stream of this configuration (docs/streams.md), each under its own lease `stream:<platform>` so that one
 * process reads a platform however many run `serve`; the others stand by and take over when the lease is free.
 * Resolves once `signal` aborts and every reader has stopped.
 */
export async function superviseStreams(
  deps: StreamDeps & LeaseDeps & { config: Config },
  signal: AbortSignal,
  store?: StoreOutcome,
  readers: StreamReader[] = streamReaders(deps.config, deps.log),
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
      while (!signal.aborted) {
        try {
          const lease = { name: `stream:${reader.platform}`, ttlMs: LEASE_MS, signal }
          const run = await withLease(deps, lease, async (stop) => {
            deps.log.info('stream_started', { platform: reader.platform })
            await runStream(deps, reader, stop, { rulesPool, store, limits })
          })
          if ('heldBy' in run) await pause(STANDBY_MS, signal)
        } catch (err) {
          // A batch given up on is logged by the runner (stream_stalled).
          if (!(err instanceof StreamStalled)) deps.log.error('stream_failed', { platform: reader.platform, err })
          await pause(STANDBY_MS, signal)
        }
      }
    }),
  ).finally(() => pool.close())
}
