import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import type { Scorer } from './types'

/**
 * One factory per `scorer.backend` value, each importing its own backend only: the rules backend loads neither
 * model server's client, Ollama's not OpenAI's (docs/performance.md#the-command-lines-start).
 */
const scorerFactories = {
  ollama: async (config, log) => (await import('./ollama')).createOllamaScorer(config.scorer.ollama, log),
  openai: async (config, log) => (await import('./openai')).createOpenAiScorer(config.scorer.openai, log),
  rules: async () => (await import('./rules/index')).createRulesScorer(),
} satisfies Record<Config['scorer']['backend'], (config: Config, log: Logger) => Promise<Scorer>>

/**
 * The scorer named by `scorer.backend`. Building one does not contact the backend: a model server that is down
 * shows at the first call, where `scorer.fallback` decides (rules answer, or 503 scorer_unavailable).
 */
export function buildScorer(config: Config, log: Logger): Promise<Scorer> {
  return scorerFactories[config.scorer.backend](config, log)
}
