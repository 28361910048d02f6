import type { Logger } from '../../lib/log'
import { createRulesReader } from '../../scorers/rules/index'
import type { RulesPool } from '../../scorers/rules/pool'
import type { ScoreInput, ScoreResult } from '../../scorers/types'

export type Triage = {
  /** For each input, in order, whether the model is to be asked about it. */
  sendsOn(inputs: ScoreInput[]): Promise<boolean[]>
}

/**
 * docs/scoring.md#triage: before a polling pass asks a model about a post, the embedded rules scorer scores it with
 * the same profiles and keyword; only posts scoring at least `threshold` go on to the model. The rules answer on the
 * pass's worker threads when there is a `pool` (so that a server's event loop keeps answering requests), else, or
 * when the pool cannot answer, in this thread.
 */
export function createTriage(a: { threshold: number; pool?: RulesPool; log: Logger }): Triage {
  let read: ((input: ScoreInput) => ScoreResult) | undefined
  async function rulesScores(inputs: ScoreInput[]): Promise<ScoreResult[]> {
    if (a.pool) {
      try {
        return await a.pool.score(inputs)
      } catch (err) {
        a.log.warn('rules_pool_failed', { err })
      }
    }
    read ??= createRulesReader()
    return inputs.map(read)
  }
  return {
    async sendsOn(inputs) {
      // The rules ignore judged examples: they need not travel to the workers.
      const scores = await rulesScores(inputs.map(({ examples: _, ...input }) => input))
      return scores.map((s) => s.score >= a.threshold)
    },
  }
}
