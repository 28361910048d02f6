import type { JudgedExample } from '../../scorers/types'
import type { Needs } from '../needs'

/** How many of the team's verdicts a model sees in its prompt (docs/scoring.md#tuning-by-verdicts). */
const EXAMPLES_IN_PROMPT = 5

/** The team's latest verdicts with the text judged (the signal's preview), newest first. */
export async function recentExamples(deps: Needs<never, 'signalFeedback'>, teamId: string): Promise<JudgedExample[]> {
  const rows = await deps.repos.signalFeedback.recent(teamId, EXAMPLES_IN_PROMPT)
  return rows.map((r) => ({ content: r.content, keyword: r.keyword, verdict: r.verdict }))
}
