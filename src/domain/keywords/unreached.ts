import type { Needs } from '../needs'
import type { SearchPlatform } from '../../config/platform-names'
import { isConfigured } from '../../platforms/configured'
import { isStreamed } from '../../platforms/streams'
import { allowedOn } from './allowed-on'

/**
 * Why nothing searches the keywords just added, when nothing does (docs/queries.md#filters): their `platform:`
 * filters allow only platforms this server can neither search nor stream (`notSetUp`), or that the team's plan leaves
 * out (`outside`). null when a pass or a stream reaches one of them.
 */
export function unreached(
  deps: Needs<'config'>,
  plan: string,
  keywords: string[],
): { notSetUp: SearchPlatform[]; outside: SearchPlatform[] } | null {
  const { config } = deps
  const allowed = [...new Set(allowedOn(keywords).flatMap((a) => a.platforms))]
  const inPlan = new Set(config.plans[plan]?.platforms ?? [])
  // Not set up first: a built-in plan leaves Reddit out while this server cannot search it (docs/api.md#plans), and
  // another plan would not help.
  const notSetUp = allowed.filter((p) => !isConfigured(config, p) && !isStreamed(config, p))
  const outside = allowed.filter((p) => !inPlan.has(p) && !notSetUp.includes(p))
  return notSetUp.length + outside.length < allowed.length ? null : { notSetUp, outside }
}
