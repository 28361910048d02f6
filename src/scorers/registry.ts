import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import { createOllamaScorer } from './ollama'
import { createOpenAiScorer } from './openai'
import { createRulesScorer } from './rules/index'
import type { Scorer } from './types'

/** One factory per `scorer.backend` value. */
const scorerFactories = {
  ollama: (config, log) => createOllamaScorer(config.scorer.ollama, log),
  openai: (config, log) => createOpenAiScorer(config.scorer.openai, log),
  rules: () => createRulesScorer(),
} satisfies Record<Config['scorer']['backend'], (config: Config, log: Logger) => Scorer>

/**
 * The scorer named by `scorer.backend`. Building one does not contact the backend: a model server that is down
 * shows at the first call, where `scorer.fallback` decides (rules answer, or 503 scorer_unavailable).
 */
export function buildScorer(config: Config, log: Logger): Scorer {
  return scorerFactories[config.scorer.backend](config, log)
}
