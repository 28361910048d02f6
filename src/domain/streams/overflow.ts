import type { StreamPosition } from '../../storage/repos/stream-positions'
import type { RulesPool } from '../../scorers/rules/pool'
import type { Pair } from '../polling/cursor'
import { newPass, type Pass, type PassDeps, type StoreOutcome } from '../polling/state'
import { scoreAndStore } from '../polling/store'
import { queueBound } from './bound'
import type { stallWatch } from './stall'

/**
 * What a stream does with the pairs it cannot wait for the model to score (docs/streams.md#backpressure): they go to
 * the polling queue up to its bound for each team, and the rest are scored by the embedded model, with a pass of its
 * own made when first needed. `close` at each refresh of the stream's pass, and when the stream ends.
 */
export function streamOverflow(
  deps: PassDeps,
  platform: string,
  a: {
    watch: ReturnType<typeof stallWatch>
    stop: AbortSignal
    rulesPool: () => RulesPool
    store?: StoreOutcome
    cap?: number
  },
) {
  const { watch } = a
  const bound = queueBound(deps, platform, a.cap)
  let embedded: Pass | undefined
  const why = `the ${deps.scoring.scorerName} scorer was behind the ${platform} stream`
  return {
    /** Stores `pairs` with the stream's position: queued, or scored by the embedded model past the bound. */
    async store(p: Pass, pairs: Pair[], page: { stream: StreamPosition; fetchedAt: string }) {
      const split = await watch.guard('the database', bound.split(pairs))
      const queued = {
        signals: [],
        deliveries: [],
        scored: [],
        failed: [],
        queue: split.queue,
        fetchedAt: page.fetchedAt,
        storedAt: deps.clock.now(),
      }
      if (split.embedded.length === 0) return watch.guard('the store', p.store({ ...queued, stream: page.stream }))
      // Queued first: a crash before the position moves reads these posts again, and finds them queued.
      if (split.queue.length > 0) await watch.guard('the store', p.store(queued))
      embedded ??= newPass(
        deps,
        a.stop,
        watch.scorer(deps.scoring.embeddedBatch({ rulesPool: a.rulesPool(), why })),
        a.store,
      )
      await watch.guard('the database', scoreAndStore(embedded, split.embedded, page))
    },
    /** A batch the model scores: a team at the bound is told of once its queue is down to half. */
    async check() {
      if (bound.acting()) await watch.guard('the database', bound.check())
    },
    close() {
      embedded?.scorer.close()
      embedded = undefined
    },
  }
}
