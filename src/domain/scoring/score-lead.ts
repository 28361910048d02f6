import type { Deps } from '../../deps'
import { createRulesScorer } from '../../scorers/rules'
import type { ScoreInput, ScoreResult } from '../../scorers/types'
import { AppError } from '../errors'
import type { Caller } from '../keys/authenticate'
import { charged } from '../quota/charge'

export type ScoreRequest = { content: string; keyword?: string; context?: string }
type ScoreDeps = Pick<Deps, 'config' | 'clock' | 'repos' | 'scorer' | 'log'>

const rules = createRulesScorer()

/** Spec 2.5 / contract §8: the configured scorer, with the team's ICP profiles; `qualified` from the threshold. */
export async function scoreLead(deps: ScoreDeps, caller: Caller, req: ScoreRequest) {
  const { result } = await charged(deps, caller, async () => {
    const icps = await deps.repos.icpProfiles.list(caller.team.id)
    return scoreText(deps, { ...req, icps })
  })
  return { qualified: result.score >= deps.config.scorer.qualify_threshold, ...result }
}

/**
 * The configured scorer within `scorer.timeout_ms`; when it cannot answer, the rules scorer if
 * `scorer.fallback = "rules"`, else 503 scorer_unavailable (contract §6).
 */
export async function scoreText(deps: Pick<ScoreDeps, 'config' | 'scorer' | 'log'>, input: ScoreInput): Promise<ScoreResult> {
  try {
    return await deps.scorer.score(input, AbortSignal.timeout(deps.config.scorer.timeout_ms))
  } catch (err) {
    deps.log.warn('scorer_failed', { scorer: deps.scorer.name, err })
    if (deps.config.scorer.fallback === 'rules' && deps.scorer.name !== 'rules') return rules.score(input, AbortSignal.timeout(deps.config.scorer.timeout_ms))
    throw new AppError('scorer_unavailable', `the ${deps.scorer.name} scorer could not answer`)
  }
}
