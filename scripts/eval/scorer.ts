/**
 * The scorer under evaluation. `rules` is built directly (no configuration needed); a model backend goes through the
 * same registry as the server, `buildScorer(config, log)`, with the operator's LEAD_SIGNALS_* environment, so that an
 * operator evaluates exactly the model and settings they run.
 */
import { ConfigError, loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { buildScorer } from '../../src/scorers/registry'
import { createRulesScorer } from '../../src/scorers/rules/index'
import type { Scorer } from '../../src/scorers/types'

export const SCORER_NAMES = ['rules', 'ollama', 'openai'] as const
export type ScorerName = (typeof SCORER_NAMES)[number]

export class EvalSetupError extends Error {}

export async function evalScorer(
  name: ScorerName,
  env: Record<string, string | undefined>,
): Promise<{ scorer: Scorer; concurrency: number; timeoutMs: number; threshold: number; triageMinBuyer: number }> {
  if (name === 'rules') {
    // Only the qualifying score and the triage setting are read from the environment: nothing else applies.
    let scores: { qualify_threshold: number; triage_min_buyer: number }
    try {
      scores = loadConfig({ env }).scorer
    } catch (e) {
      throw new EvalSetupError(`cannot read the scores: ${e instanceof Error ? e.message : String(e)}`)
    }
    const { qualify_threshold: threshold, triage_min_buyer: triageMinBuyer } = scores
    return { scorer: createRulesScorer(), concurrency: 1, timeoutMs: 30_000, threshold, triageMinBuyer }
  }
  // The backend is the one asked for, and never a silent fallback: an evaluation of "ollama" must not measure rules.
  const merged = { ...env, LEAD_SIGNALS_SCORER_BACKEND: name, LEAD_SIGNALS_SCORER_FALLBACK: 'none' }
  let scorer: Scorer
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig({ env: merged })
    scorer = await buildScorer(config, createLogger())
  } catch (e) {
    const why = e instanceof ConfigError || e instanceof Error ? e.message : String(e)
    throw new EvalSetupError(`cannot build the ${name} scorer: ${why}`)
  }
  if (scorer.name === 'rules')
    throw new EvalSetupError(`the ${name} scorer is not available in this build (the registry answered with rules)`)
  return {
    scorer,
    concurrency: config.scorer.concurrency,
    timeoutMs: config.scorer.timeout_ms,
    threshold: config.scorer.qualify_threshold,
    triageMinBuyer: config.scorer.triage_min_buyer,
  }
}
