import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import { createRulesScorer } from './rules'
import type { Scorer } from './types'

export class ScorerSetupError extends Error {}

/**
 * The scorer named by `scorer.backend`. The model backends (ollama, openai) are not part of this release yet:
 * with `fallback = "rules"` the embedded rules scorer answers in their place and a warning says so at start-up;
 * with `fallback = "none"` the server refuses to start rather than pretend.
 */
export function buildScorer(config: Config, log: Logger): Scorer {
  if (config.scorer.backend === 'rules') return createRulesScorer()
  if (config.scorer.fallback === 'rules') {
    log.warn('scorer_backend_unavailable', { backend: config.scorer.backend, using: 'rules' })
    return createRulesScorer()
  }
  throw new ScorerSetupError(`config: scorer.backend = "${config.scorer.backend}" is not available in this release; use "rules" or set scorer.fallback = "rules"`)
}
