import type { LEGACY_NETWORKS } from '../../config/platform-names'
import type { Deps } from '../../deps'
import { AppError } from '../errors'
import type { Caller } from '../keys/authenticate'

type Network = (typeof LEGACY_NETWORKS)[number]

/**
 * The earlier search route (spec 4.5, contract §8). The checks come in the contract's order: the tracked-keyword
 * rule (custom plans with `any_keyword` are exempt), then whether the network has a connector here. No network of
 * the earlier route has a connector in this release, so a search that passes the rule answers
 * platform_not_configured; the connectors and the post records arrive with the live-search work.
 */
export async function searchNetwork(deps: Pick<Deps, 'repos'>, caller: Caller, req: { network: Network; keyword: string }) {
  if (!caller.plan.any_keyword && !(await deps.repos.keywords.isTracked(caller.team.id, req.keyword.toLowerCase()))) {
    throw new AppError('keyword_not_tracked', `"${req.keyword}" is not one of the team's tracked keywords`)
  }
  throw new AppError('platform_not_configured', `${req.network} is not configured on this server`)
}
