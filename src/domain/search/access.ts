import type { SearchPlatform, Source } from '../../config/platform-names'
import type { Caller } from '../core/caller'
import { AppError } from '../../errors'
import type { SearchRunner } from './search-runner'

/** docs/api.md#order-of-checks: the platform must be on the caller's plan (403) ... */
export function requireOnPlan(caller: Caller, platform: SearchPlatform) {
  if (!caller.plan.platforms.includes(platform)) {
    throw new AppError('platform_not_in_plan', `${platform} is not available on the ${caller.team.plan} plan`)
  }
}

/** ... and configured on this server (503), both before any quota is reserved. */
export function requireConfigured(searches: Pick<SearchRunner, 'isAvailable'>, sources: Source[]) {
  const missing = sources.filter((s) => !searches.isAvailable(s))
  if (missing.length === sources.length) {
    throw new AppError(
      'platform_not_configured',
      `${sources.join(', ')} ${sources.length > 1 ? 'are' : 'is'} not configured on this server`,
    )
  }
}
