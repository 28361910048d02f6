import type { Logger } from '../../lib/log'
import { createRulesReader } from '../../scorers/rules/index'
import type { RulesPool } from '../../scorers/rules/pool'
import type { ScoreInput } from '../../scorers/types'

export type Triage = {
  /** For each input, in order, whether the model is to be asked about it. */
  sendsOn(inputs: ScoreInput[]): Promise<boolean[]>
}

/**
 * docs/scoring.md#triage: before a polling pass asks a model about a post, the embedded model judges it with the same
 * profiles and keyword; only posts whose buyer probability (ACTIVE, COMPETITOR and PAIN together) reaches `minBuyer`
 * go on to the model. It answers on the pass's worker threads when there is a `pool` (so that a server's event loop
 * keeps answering requests), else, or when the pool cannot answer, in this thread.
 */
export function createTriage(a: { minBuyer: number; pool?: RulesPool; log: Logger }): Triage {
  let read: ReturnType<typeof createRulesReader> | undefined
  async function buyers(inputs: ScoreInput[]): Promise<number[]> {
    if (a.pool) {
      try {
        return await a.pool.buyers(inputs)
      } catch (err) {
        a.log.warn('rules_pool_failed', { err })
      }
    }
    read ??= createRulesReader()
    return inputs.map(read.buyer)
  }
  return {
    async sendsOn(inputs) {
      // The embedded model ignores judged examples: they need not travel to the workers.
      const p = await buyers(inputs.map(({ examples: _, ...input }) => input))
      return p.map((buyer) => buyer >= a.minBuyer)
    },
  }
}
