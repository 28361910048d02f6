import { AppError, appErrorIn } from '../../errors'
import type { Logger } from '../../lib/log'
import { mapLimited } from '../../lib/map-limited'
import type { RulesPool } from '../../scorers/rules/pool'
import type { ScoreInput, ScoreResult } from '../../scorers/types'
import type { Triage } from './triage'

/**
 * One question of a batch; `platform` is named in the log line of a failure. `reasonFrom`: the score from which the
 * caller keeps the answer's reason; the rules pool leaves it empty below (model/answer.ts).
 */
export type BatchItem = { teamId: string; input: ScoreInput; platform?: string; reasonFrom?: number }
/**
 * A score (with the scorer that answered, except from the rules pool); `failed` when the scorer could not answer;
 * `skipped` when it was not asked (down, or stopping); `triaged` when the rules kept it from the model
 * (docs/scoring.md#triage).
 */
export type BatchOutcome = (ScoreResult & { scoredBy?: string }) | 'failed' | 'skipped' | 'triaged'

export type BatchScorer = {
  /** Outcomes in input order. `signal`: the caller stops waiting (shutdown); what was not answered is `skipped`. */
  scoreMany(items: BatchItem[], signal: AbortSignal): Promise<BatchOutcome[]>
  /** The scorer answered `scorer_unavailable` (and fallback is "none"): nothing more is asked of it. */
  unavailable(): boolean
  /** Ends the worker threads the batch started. */
  close(): void
}

/**
 * Scoring many posts in a row, as a polling pass does. What a failure means for the rest of the run is decided here:
 * the rules scorer answers on worker threads when there is a `pool`, one by one in this thread if the pool cannot
 * answer; a model is asked only about the posts `triage` sends on; a scorer that is down is not asked again (asking
 * for every post would only wait out each timeout); any other failure concerns only its post. The fallback of one
 * call (a model down → the rules scorer, or `scorer_unavailable`) is `score`'s own (scoring-service.ts).
 */
export function createBatchScorer(a: {
  score(teamId: string, input: ScoreInput, signal: AbortSignal): Promise<ScoreResult>
  concurrency: number
  log: Logger
  pool?: RulesPool
  triage?: Triage
  close(): void
}): BatchScorer {
  let down = false

  // `round.storageDown`: the database failed one call of this scoreMany (a libSQL server restarting). Told once; the
  // posts not yet asked are left for the next pass, as a failed one is, rather than each failing and logging alike.
  async function scoreOne(
    item: BatchItem,
    signal: AbortSignal,
    round: { storageDown: boolean },
  ): Promise<BatchOutcome> {
    if (down || round.storageDown || signal.aborted) return 'skipped'
    try {
      return await a.score(item.teamId, item.input, signal)
    } catch (err) {
      if (signal.aborted) return 'skipped'
      if (err instanceof AppError && err.kind === 'scorer_unavailable') down = true
      else if (appErrorIn(err)?.kind === 'storage_unavailable') {
        if (round.storageDown) return 'failed'
        round.storageDown = true
        const rest = 'the posts not yet scored stay pending for the next pass'
        a.log.warn('poll_scoring_failed', { platform: item.platform, rest, err })
      } else a.log.warn('poll_scoring_failed', { platform: item.platform, err })
      return 'failed'
    }
  }

  return {
    async scoreMany(items, signal) {
      if (signal.aborted) return items.map(() => 'skipped')
      const round = { storageDown: false }
      if (a.pool) {
        try {
          return await a.pool.score(
            items.map((item) => item.input),
            items.map((item) => item.reasonFrom ?? 0),
          )
        } catch (err) {
          a.log.warn('rules_pool_failed', { err })
        }
      }
      if (!a.triage) return mapLimited(items, a.concurrency, (item) => scoreOne(item, signal, round))
      const sent = await a.triage.sendsOn(items.map((item) => item.input))
      const onward = items.filter((_, i) => sent[i])
      const answers = await mapLimited(onward, a.concurrency, (item) => scoreOne(item, signal, round))
      let next = 0
      return sent.map((goes) => (goes ? answers[next++] : 'triaged'))
    },
    unavailable: () => down,
    close: a.close,
  }
}
