import type { Needs } from '../needs'
import type { Caller } from '../core/caller'
import { charged } from '../quota/charge'

type ScoreRequest = { content: string; keyword?: string; context?: string }

/**
 * docs/api.md#lead-scoring: the team's ICP profiles go with the text; `qualified` comes from the threshold.
 * Returns the body and the scorer that answered (the route names it in a header).
 */
export async function scoreLead(
  deps: Needs<'config' | 'clock' | 'scoring', 'icpProfiles' | 'usage' | 'usageDays'>,
  caller: Caller,
  req: ScoreRequest,
  signal?: AbortSignal,
) {
  // `signal` (an MCP call's bound) ends a wait for units held by calls in flight; the scorer has its own timeout.
  const { result } = await charged(
    deps,
    caller,
    async () => {
      const icps = await deps.repos.icpProfiles.list(caller.team.id)
      return deps.scoring.score(caller.team.id, { ...req, icps })
    },
    signal,
  )
  const { scoredBy, ...score } = result
  return { body: { qualified: score.score >= deps.config.scorer.qualify_threshold, ...score }, scoredBy }
}
