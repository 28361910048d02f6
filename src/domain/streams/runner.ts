import type { StreamReader } from '../../platforms/stream'
import type { RulesPool } from '../../scorers/rules/pool'
import type { createStreamPositionsRepo } from '../../storage/repos/stream-positions'
import type { createStreamQueueBoundsRepo } from '../../storage/repos/stream-queue-bounds'
import type { Pair } from '../polling/cursor'
import { newPass, type Pass, type PassDeps, type StoreOutcome } from '../polling/state'
import { scoreAndStore } from '../polling/store'
import type { StuckJobs } from '../health/stuck'
import { streamFigures } from './figures'
import { streamHealth } from './health'
import { liveTracked } from './queries'
import { createStreamQueue, type QueueEntry } from './queue'
import { type StreamLimits, StreamStalled, stallWatch } from './stall'
import { streamOverflow } from './overflow'
import { streamSink } from './sink'

export type StreamDeps = PassDeps & {
  stuck: StuckJobs
  repos: PassDeps['repos'] & {
    streamPositions: ReturnType<typeof createStreamPositionsRepo>
    streamQueueBounds: ReturnType<typeof createStreamQueueBoundsRepo>
  }
}

// docs/streams.md#backpressure: matched pairs held in memory between reader and scorer, and taken per transaction.
export const QUEUE_PAIRS = 2000
const BATCH_PAIRS = 200
// Who tracks what (liveTracked, on its own clock), profiles and thresholds are read again this often.
const REFRESH_MS = 15_000
// The figures are stored at least this often when nothing matched.
const FIGURES_MS = 5000
const POSITION_MS = 1000
/**
 * One platform's stream (docs/streams.md): the reader reads from the stored position; each post is matched against
 * every team's tracked queries (sink.ts); matched pairs go through the bounded queue to the same scoring, triage and
 * storing as a polled page (domain/polling/store.ts), and the position moves in the transaction that stores what it
 * covers, so a crash or restart loses nothing and duplicates nothing. When the scorer falls behind (a slow model),
 * pairs past half the queue are stored unscored in the polling queue, which every pass drains, up to its bound for each
 * team, past which the embedded model scores them (overflow.ts), rather than slowing the reader. Runs until `stop`; the
 * caller holds the platform's lease.
 */
export async function runStream(
  deps: StreamDeps,
  reader: StreamReader,
  stop: AbortSignal,
  a: { rulesPool: () => RulesPool; store?: StoreOutcome; limits?: StreamLimits; progressed?: () => void },
) {
  const { platform } = reader
  const watch = stallWatch(platform, {
    limits: a.limits,
    scorer: deps.config.scorer,
    scorerName: deps.scoring.scorerName,
  })
  const saved = await deps.repos.streamPositions.get(platform)
  // The queue bound acts for no team yet in this reader (bound.ts): what an earlier one left shown is not so any more.
  await deps.repos.streamQueueBounds.ended(platform)
  const figures = streamFigures(platform, saved)
  const queue = createStreamQueue(QUEUE_PAIRS)
  const tracked = await liveTracked(deps, platform, a.limits?.refreshMs ?? REFRESH_MS)
  let stored = saved?.position ?? null
  const now = () => deps.clock.now()
  const health = streamHealth(deps, platform)
  const sink = streamSink({ platform, log: deps.log, now, queue, tracked, figures, health })
  // The reader stops with the runner (on `stop`, when storing failed), which the supervisor starts again from the
  // stored position; a reader that fails outright ends the runner once what it read is stored, its error to the
  // supervisor.
  const ended = new AbortController()
  let readerEnded = false
  let readerFailure: { error: unknown } | undefined
  const reading = reader
    .read(stored, sink, AbortSignal.any([stop, ended.signal]))
    .catch((error) => {
      readerFailure = { error }
    })
    .finally(() => {
      readerEnded = true
      queue.release()
    })

  // The pass's scoring stops with the runner too: a batch given up on as hung asks the model nothing more.
  const passStop = AbortSignal.any([stop, ended.signal])
  let pass: Pass | undefined
  const overflowed = streamOverflow(deps, platform, {
    watch,
    stop: passStop,
    rulesPool: a.rulesPool,
    store: a.store,
    cap: a.limits?.queuedCap,
    gap: sink.gap,
  })
  let passAt = 0
  let savedAt = 0
  try {
    while (!stop.aborted) {
      await queue.work(FIGURES_MS)
      if (stop.aborted || (readerEnded && queue.isEmpty())) break
      if (Date.now() - passAt > (a.limits?.refreshMs ?? REFRESH_MS)) {
        pass?.scorer.close()
        overflowed.close()
        pass = newPass(deps, passStop, watch.scorer(deps.scoring.batch({ rulesPool: a.rulesPool() })), a.store)
        passAt = Date.now()
      }
      const p = pass as Pass
      if (queue.isEmpty()) {
        // Nothing read: the figures (when upstream last spoke) still reach source health.
        if (stored !== null && Date.now() - savedAt >= FIGURES_MS) {
          await watch.guard('the store', deps.repos.streamPositions.save(figures.row(now(), stored, null)))
          savedAt = Date.now()
        }
        continue
      }
      // A position alone (posts that matched nobody) is stored at most once a second: no transaction per post.
      if (queue.pairs() === 0 && Date.now() - savedAt < POSITION_MS) {
        await queue.work(POSITION_MS - (Date.now() - savedAt), true)
        if (queue.pairs() === 0 && Date.now() - savedAt < POSITION_MS) continue
      }
      const overflow = queue.pairs() > QUEUE_PAIRS / 2
      const entries = queue.take(BATCH_PAIRS)
      const position = (entries[entries.length - 1] as QueueEntry).position
      // A keyword removed while its matches waited (a slow model scoring the batches before them) is no longer the
      // team's: they are not scored or signalled (docs/streams.md#backpressure).
      const waiting = entries.flatMap((e) => e.pairs).filter(tracked.now().tracks)
      const pairs = await named(reader, await watch.guard('the database', deps.repos.polling.unhandled(waiting)))
      const row = figures.row(now(), position, newestOf(entries) ?? null)
      const fetchedAt = now().toISOString()
      if (overflow) {
        // docs/streams.md#backpressure: to the polling queue up to its bound for each team, the rest by the embedded
        // model.
        await overflowed.store(p, pairs, { stream: row, fetchedAt })
      } else {
        await overflowed.check()
        // The profiles and thresholds are read, then the watched scorer moves the allowance to the scoring and to the
        // store.
        await watch.guard('the database', scoreAndStore(p, pairs, { stream: row, fetchedAt }))
      }
      if (position !== saved?.position) a.progressed?.() // no longer a start that stops before storing (supervise.ts)
      stored = position
      savedAt = Date.now()
    }
  } catch (err) {
    // Told here, before the lease is released: a database that hangs can hang that too, and the supervisor's catch.
    if (err instanceof StreamStalled) {
      deps.log.warn('stream_stalled', {
        platform,
        hung: err.hung,
        waitedSeconds: err.seconds,
        next: 'the stream starts again from its stored position',
      })
      health.stalled(err.message)
    }
    throw err
  } finally {
    ended.abort()
    tracked.stop()
    pass?.scorer.close()
    overflowed.close()
    queue.release()
    await reading
  }
  if (readerFailure) throw readerFailure.error
  if (!stop.aborted) throw new Error(`the ${platform} stream's reader stopped by itself`)
}

/** The pairs with their posts' authors named where the reader names them (Bluesky's DIDs): one lookup a batch. */
async function named(reader: StreamReader, pairs: Pair[]): Promise<Pair[]> {
  if (!reader.named || pairs.length === 0) return pairs
  const mentions = new Map(pairs.map((p) => [p.mention.id, p.mention]))
  const byId = new Map((await reader.named([...mentions.values()])).map((m) => [m.id, m]))
  return pairs.map((p) => ({ ...p, mention: byId.get(p.mention.id) ?? p.mention }))
}

const newestOf = (entries: QueueEntry[]) => {
  let newest: string | undefined
  for (const e of entries) if (e.newestDate && (!newest || e.newestDate > newest)) newest = e.newestDate
  return newest
}
