import type { Deps } from '../../deps'
import type { ScoreInput, ScoreResult } from '../../scorers/types'
import { AppError } from '../errors'
import type { Caller } from '../keys/authenticate'
import { charged } from '../quota/charge'

export type ScoreRequest = { content: string; keyword?: string; context?: string }

/** Spec 2.5 / contract §8: the configured scorer, with the team's ICP profiles; `qualified` from the threshold. */
export async function scoreLead(deps: Pick<Deps, 'config' | 'clock' | 'repos' | 'scorer' | 'log'>, caller: Caller, req: ScoreRequest) {
  const { result } = await charged(deps, caller, async () => {
    const icps = await deps.repos.icpProfiles.list(caller.team.id)
    return scoreWith(deps, { ...req, icps })
  })
  return { qualified: result.score >= deps.config.scorer.qualify_threshold, ...result }
}

async function scoreWith(deps: Pick<Deps, 'config' | 'scorer' | 'log'>, input: ScoreInput): Promise<ScoreResult> {
  try {
    return await deps.scorer.score(input, AbortSignal.timeout(deps.config.scorer.timeout_ms))
  } catch (err) {
    deps.log.warn('scorer_failed', { scorer: deps.scorer.name, err })
    throw new AppError('scorer_unavailable', `the ${deps.scorer.name} scorer could not answer`)
  }
}
