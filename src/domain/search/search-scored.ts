import { SCORED_VARIANT_PLATFORMS } from '../../config/platform-names'
import type { Needs } from '../needs'
import { truncate } from '../../lib/text'
import type { Mention } from '../../mention'
import type { ScoreResult } from '../../scorers/types'
import { AppError } from '../../errors'
import type { Caller } from '../core/caller'
import { charged } from '../quota/charge'
import { requireConfigured, requireOnPlan } from './access'
import { stopIfAborted } from './search-mentions'

type ScoredPlatform = (typeof SCORED_VARIANT_PLATFORMS)[number]
type ScoredDeps = Needs<'config' | 'clock' | 'log' | 'scoring' | 'searches', 'icpProfiles' | 'usage' | 'usageDays'>

/**
 * The scored variant (docs/api.md#scored-variant, `api.search_variant = "scored"`). With a platform, that platform;
 * without one, every one of the six that the plan has and that is configured, searched at once, merged by aiScore.
 * A merged search answers with what the platforms that answered found; it fails only if all of them failed.
 * `signal`: the caller stopped waiting, as for the raw search (search-mentions.ts).
 */
export async function searchScored(
  deps: ScoredDeps,
  caller: Caller,
  req: { keyword: string; platform?: ScoredPlatform; limit: number },
  signal?: AbortSignal,
) {
  const platforms = req.platform
    ? [req.platform]
    : SCORED_VARIANT_PLATFORMS.filter((p) => caller.plan.platforms.includes(p))
  if (req.platform) requireOnPlan(caller, req.platform)
  if (platforms.length === 0)
    throw new AppError('platform_not_in_plan', `the ${caller.team.plan} plan has none of the platforms of this search`)
  requireConfigured(deps.searches, platforms)
  const available = platforms.filter((p) => deps.searches.isAvailable(p))

  // What its platform requests cost counts against the team's unpaid share when the call is not paid for.
  const { result, usage } = await deps.searches.unpaid.settled(caller.team.id, (charge) =>
    charged(
      deps,
      caller,
      async () => {
        const settled = await Promise.allSettled(
          available.map((p) => deps.searches.search(p, req.keyword, req.limit, charge, signal)),
        )
        const found = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : []))
        const failed = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected')
        if (failed.length === settled.length) throw failed[0].reason
        const icps = await deps.repos.icpProfiles.list(caller.team.id)
        const scores = await deps.scoring.scoreAll(
          caller.team.id,
          found.map((m) => ({ content: m.content, keyword: req.keyword, icps })),
        )
        // A caller that stopped waiting while the posts were scored reads no answer: it is not charged either.
        stopIfAborted(signal)
        return found
          .map((m, i) => toScoredResult(m, req.keyword, scores[i]))
          .sort((a, b) => b.aiScore - a.aiScore || b.publishedAt.localeCompare(a.publishedAt))
          .slice(0, req.limit)
      },
      signal,
    ),
  )
  return { results: result, total: result.length, usage }
}

function toScoredResult(m: Mention, keyword: string, s: ScoreResult) {
  return {
    name: m.author,
    channel: m.platform,
    intent: s.intent,
    aiScore: s.score,
    aiReason: s.reason,
    contentPreview: truncate(m.content, 300),
    postUrl: m.url,
    link: m.profileUrl,
    keyword,
    publishedAt: m.date,
  }
}
