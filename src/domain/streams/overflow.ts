import type { StreamPosition } from '../../storage/repos/stream-positions'
import type { RulesPool } from '../../scorers/rules/pool'
import { scorerWords } from '../../scorers/scorer-words'
import type { Pair } from '../polling/cursor'
import { newPass, type Pass, type PassDeps, type StoreOutcome } from '../polling/state'
import { scoreAndStore } from '../polling/store'
import type { Needs } from '../needs'
import { queueBound } from './bound'
import type { stallWatch } from './stall'

/**
 * What a stream does with the pairs it cannot wait for the model to score (docs/streams.md#backpressure): they go to
 * the polling queue up to its bound for each team, and the rest are scored by the embedded model, with a pass of its
 * own made when first needed. With scorer.fallback = "none" nothing stands in for the model
 * (docs/scoring.md#fallback-and-timeouts): the rest are passed over, and `gap` is told once when the bound starts
 * acting for a team. `close` at each refresh of the stream's pass, and when the stream ends.
 */
export function streamOverflow(
  deps: PassDeps & Needs<never, 'streamQueueBounds'>,
  platform: string,
  a: {
    watch: ReturnType<typeof stallWatch>
    stop: AbortSignal
    rulesPool: () => RulesPool
    store?: StoreOutcome
    cap?: number
    gap: (note: string) => void
  },
) {
  const { watch } = a
  const passOver = deps.config.scorer.fallback === 'none'
  const bound = queueBound(deps, platform, { cap: a.cap, passOver })
  let embedded: Pass | undefined
  const why = `${scorerWords(deps.scoring.scorerName)} was behind the ${platform} stream`
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
      if (split.started.length > 0 && passOver)
        a.gap(
          `${why} and scorer.fallback is "none": the matched posts past what the polling queue takes for a team are passed over unscored until polling passes bring its queue down to half`,
        )
      if (split.past.length === 0 || passOver)
        return watch.guard('the store', p.store({ ...queued, stream: page.stream }))
      // Queued first: a crash before the position moves reads these posts again, and finds them queued.
      if (split.queue.length > 0) await watch.guard('the store', p.store(queued))
      embedded ??= newPass(
        deps,
        a.stop,
        watch.scorer(deps.scoring.embeddedBatch({ rulesPool: a.rulesPool(), why })),
        a.store,
      )
      await watch.guard('the database', scoreAndStore(embedded, split.past, page))
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
