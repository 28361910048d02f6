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
    return await withTimeout(deps.config.scorer.timeout_ms, (signal) => deps.scorer.score(input, signal))
  } catch (err) {
    deps.log.warn('scorer_failed', { scorer: deps.scorer.name, err })
    if (deps.config.scorer.fallback === 'rules' && deps.scorer.name !== 'rules') return rules.score(input, new AbortController().signal)
    throw new AppError('scorer_unavailable', `the ${deps.scorer.name} scorer could not answer`)
  }
}

/**
 * Runs `work` with a signal that aborts after `ms`, and clears the timer when the work ends. (AbortSignal.timeout
 * would leave one live timer per call for the whole timeout: at thousands of calls a second, a heap of them.)
 */
async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')), ms)
  try {
    // Race the abort too, so a scorer that ignores its signal is still cut off.
    return await new Promise<T>((resolve, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
      work(controller.signal).then(resolve, reject)
    })
  } finally {
    clearTimeout(timer)
  }
}
