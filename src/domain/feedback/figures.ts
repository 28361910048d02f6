import type { TeamRow } from '../../storage/repos/teams'
import type { Needs } from '../needs'
import { byKeyword, thresholdOf, type VerdictRow } from './thresholds'
import { MIN_VERDICTS, precisionOf } from './tuning'
import { keywordKey } from '../../query/same-query'

/** How many signals were judged relevant and not relevant, and the precision that makes (null when none). */
function judgedFigures(verdicts: VerdictRow[]) {
  const relevant = verdicts.filter((v) => v.verdict === 'relevant').length
  return {
    verdicts: { relevant, notRelevant: verdicts.length - relevant },
    precision: precisionOf(relevant, verdicts.length),
  }
}

/**
 * docs/api.md#keywords: the team's tracked keywords (the stored text is the query) with, for each and for the whole
 * team, the signals found, the verdicts and the precision (relevant / judged), and each keyword's qualify threshold.
 */
export async function keywordFigures(deps: Needs<'config', 'keywords' | 'signals' | 'signalFeedback'>, team: TeamRow) {
  const [tracked, counts, verdicts] = await Promise.all([
    deps.repos.keywords.list(team.id),
    deps.repos.signals.countsByKeyword(team.id, team.signalsVersion),
    deps.repos.signalFeedback.verdicts(team.id),
  ])
  const groups = byKeyword(verdicts)
  const fallback = deps.config.scorer.qualify_threshold
  return {
    team: { signals: [...counts.values()].reduce((a, b) => a + b, 0), ...judgedFigures(verdicts) },
    keywords: tracked.map((query) => {
      const own = groups.get(keywordKey(query)) ?? []
      return {
        query,
        signals: counts.get(keywordKey(query)) ?? 0,
        ...judgedFigures(own),
        // The console says how many verdicts tune it from this, not a copy of its own (docs/api.md#keywords).
        threshold: { ...thresholdOf(own, fallback), minVerdicts: MIN_VERDICTS },
      }
    }),
  }
}
