import type { Config } from '../config/schema'
import { planWithApiAccess } from '../domain/core/plans'
import { shellWord } from '../lib/shell-word'

/**
 * What a key just made can do, said beside it when the answer is nothing yet: on a plan without API access (starter
 * by default) every call with it is 403 no_api_access (docs/api.md#order-of-checks), which a user otherwise met only
 * on a first call. The key is still printed: the same key answers once the team is on a plan with API access.
 * null on a plan with API access.
 */
export function keyAccessNote(config: Pick<Config, 'plans'>, team: { name: string; plan: string }): string | null {
  const plan = config.plans[team.plan]
  if (plan?.api_access) return null
  const other = planWithApiAccess(config)
  const until = other
    ? `the operator moves the team to a plan with it (lead-signals team set --team ${shellWord(team.name)} --plan ${shellWord(other)})`
    : 'the operator sets api_access = true on its plan in the configuration'
  const what = plan ? 'has no API access' : "is not defined in this server's configuration"
  return `The ${team.plan} plan ${what}: the API and /mcp refuse this key (403 no_api_access) until ${until}.`
}
