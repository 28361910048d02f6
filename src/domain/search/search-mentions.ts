import type { SearchPlatform } from '../../config/platform-names'
import type { Deps } from '../../deps'
import { AppError } from '../errors'
import type { Caller } from '../keys/authenticate'
import { charged } from '../quota/charge'

/** contract §5 order after validation: platform on plan (403), configured (503), quota (429), then the search. */
export async function searchMentions(
  deps: Pick<Deps, 'clock' | 'repos' | 'searches'>,
  caller: Caller,
  req: { keyword: string; platform: SearchPlatform; limit: number },
) {
  if (!caller.plan.platforms.includes(req.platform)) {
    throw new AppError('platform_not_in_plan', `${req.platform} is not available on the ${caller.team.plan} plan`)
  }
  if (!deps.searches.isAvailable(req.platform)) {
    throw new AppError('platform_not_configured', `${req.platform} is not configured on this server`)
  }
  const { result, usage } = await charged(deps, caller, () => deps.searches.search(req.platform, req.keyword, req.limit))
  return { keyword: req.keyword, platform: req.platform, count: result.length, mentions: result, usage }
}
