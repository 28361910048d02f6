import { LONGEST_WORK_MS } from '../../config/answer-time'
import { echoed } from '../../lib/text'
import type { EARLIER_NETWORKS } from '../../config/platform-names'
import type { Needs } from '../needs'
import { AppError } from '../../errors'
import type { Caller } from '../core/caller'
import { charged } from '../quota/charge'
import { requireConfigured } from '../search/access'
import { loadLanguageDetector } from '../search/language'
import { toPostRecord } from './post-record'
import { isTrackedKeyword } from '../keywords/keywords'

type Network = (typeof EARLIER_NETWORKS)[number]

/** The earlier route asks each network for this many posts (docs/api.md#earlier-search). */
const NETWORK_SEARCH_LIMIT = 20

/**
 * The earlier search route (docs/api.md#earlier-search): the tracked-keyword rule (custom plans with `any_keyword` are
 * exempt), then the network's connector, then one unit of quota for a search that succeeds. Found posts are
 * remembered per team so that `read` and `note` survive later searches.
 */
export async function searchNetwork(
  deps: Needs<
    'config' | 'clock' | 'log' | 'scoring' | 'searches',
    'icpProfiles' | 'keywords' | 'earlierPosts' | 'usage' | 'usageDays'
  >,
  caller: Caller,
  req: { network: Network; keyword: string },
) {
  if (!caller.plan.any_keyword && !(await isTrackedKeyword(deps, { teamId: caller.team.id, keyword: req.keyword }))) {
    throw new AppError('keyword_not_tracked', `"${echoed(req.keyword)}" is not one of the team's tracked keywords`)
  }
  requireConfigured(deps.searches, [req.network])
  // What the network's request cost counts against the team's unpaid share when the call is not paid for.
  const { result } = await deps.searches.unpaid.settled(caller.team.id, (charge) =>
    charged(deps, caller, async () => {
      // This route always scores, and start-up bounds a network's timeout_ms alone (config/answer-time.ts): a slow
      // network and a long scorer.timeout_ms together could pass the connection's time, so the scoring ends by then.
      const latest = performance.now() + LONGEST_WORK_MS
      const mentions = await deps.searches.search(req.network, req.keyword, NETWORK_SEARCH_LIMIT, charge)
      const icps = await deps.repos.icpProfiles.list(caller.team.id)
      const scores = await deps.scoring.scoreAll(
        caller.team.id,
        mentions.map((m) => ({ content: m.content, keyword: req.keyword, icps })),
        latest,
      )
      await loadLanguageDetector()
      const states = await deps.repos.earlierPosts.remember({
        teamId: caller.team.id,
        network: req.network,
        keyword: req.keyword,
        postIds: mentions.map((m) => m.id),
        at: deps.clock.now().toISOString(),
      })
      return mentions.map((m, i) => toPostRecord(m, scores[i], states.get(m.id)))
    }),
  )
  return { success: true as const, network: req.network, results: { count: result.length, posts: result } }
}
