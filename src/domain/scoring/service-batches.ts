import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { createRulesPool, type RulesPool } from '../../scorers/rules/pool'
import type { ScoreInput, ScoreResult, Scorer } from '../../scorers/types'
import { type BatchScorer, createBatchScorer } from './batch'
import { createTriage } from './triage'

const NEVER_ABORTED = new AbortController().signal

/**
 * What the scoring service (scoring-service.ts) gives its batches: the scorer settings, whether the configured scorer
 * is the embedded rules scorer, and that scorer for standing in.
 */
type ServiceParts = { config: Config['scorer']; log: Logger; embedded: boolean; rules: Pick<Scorer, 'score'> }

/**
 * Scoring for a long run, a polling pass (batch.ts); `close()` it when done. The embedded rules scorer answers there on
 * worker threads, and so does the triage in front of a model (`scorer.triage`, docs/scoring.md#triage): `rulesPool`
 * when given, else a pool of the batch's own, whose workers start when first asked. `score`: the service's own.
 */
export function serviceBatch(
  a: ServiceParts & { score: (teamId: string, input: ScoreInput, signal?: AbortSignal) => Promise<ScoreResult> },
  opts: { rulesPool?: RulesPool },
): BatchScorer {
  const triage = !a.embedded && a.config.triage === 'rules'
  const pool = a.embedded || triage ? (opts.rulesPool ?? createRulesPool()) : undefined
  return createBatchScorer({
    score: a.score,
    concurrency: a.config.concurrency,
    log: a.log,
    pool: a.embedded ? pool : undefined,
    triage: triage ? createTriage({ minBuyer: a.config.triage_min_buyer, pool, log: a.log }) : undefined,
    close: () => {
      if (!opts.rulesPool) pool?.close()
    },
  })
}

/**
 * The embedded model alone for a long run, whatever the configured scorer: what a stream hands on past the bound of
 * its polling queue while a model is behind (docs/streams.md#backpressure). Its answers are the rules scorer's, and
 * the reason of each says why, as a fallback's does.
 */
export function embeddedBatch(a: ServiceParts, opts: { rulesPool?: RulesPool; why: string }): BatchScorer {
  const pool = opts.rulesPool ?? createRulesPool()
  const batch = createBatchScorer({
    score: (_teamId, input) => a.rules.score(input, NEVER_ABORTED),
    concurrency: 1,
    log: a.log,
    pool,
    close: () => {
      if (!opts.rulesPool) pool.close()
    },
  })
  if (a.embedded) return batch
  return {
    ...batch,
    async scoreMany(items, signal) {
      const outcomes = await batch.scoreMany(items, signal)
      return outcomes.map((o) =>
        typeof o === 'string' ? o : { ...o, reason: standInReason(o.reason, opts.why), scoredBy: 'rules' },
      )
    },
  }
}

/**
 * The reason of an embedded scorer's answer in a model's place, saying why; the console reads the note apart from the
 * reason (console/signal-facts.ts, splitReason, also the older "rules scorer"), so every stand-in writes it alike.
 */
export const standInReason = (reason: string, why: string) => `${reason} (scored by the embedded scorer: ${why})`
