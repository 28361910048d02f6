import { LEGACY_ONLY_SOURCES, SEARCH_PLATFORMS, type Source } from '../../config/platform-names'
import type { Needs } from '../needs'
import type { Caller } from '../keys/authenticate'

/**
 * Every source with whether it can run here, whether the caller's plan includes it, and how its latest searches
 * went, so a team can tell "no mentions" from "no data". The earlier route's own networks (news, internet,
 * indiehacker) are not plan platforms: every plan with API access may use them there.
 */
export async function platformStatus(deps: Needs<'searches', 'platformHealth'>, caller: Caller) {
  const health = new Map((await deps.repos.platformHealth.list()).map((h) => [h.platform, h]))
  const row = (platform: Source, inPlan: boolean, earlierRouteOnly: boolean) => {
    const h = health.get(platform)
    return {
      platform,
      configured: deps.searches.isAvailable(platform),
      inPlan,
      earlierRouteOnly,
      lastSuccessAt: h?.lastSuccessAt ?? null,
      lastFailureAt: h?.lastFailureAt ?? null,
      lastError: h?.lastError ?? null,
      retryAt: h?.retryAt ?? null,
    }
  }
  return {
    platforms: [
      ...SEARCH_PLATFORMS.map((p) => row(p, caller.plan.platforms.includes(p), false)),
      ...LEGACY_ONLY_SOURCES.map((p) => row(p, true, true)),
    ],
  }
}
