import type { Config, Plan } from '../../config/schema'
import { AppError } from '../../errors'
import { shellWord } from '../../lib/shell-word'

export type { Plan }

/** The plan a team is on; a team left on a plan the configuration no longer defines has no API access. */
export function planOf(config: Pick<Config, 'plans'>, name: string): Plan {
  const plan = config.plans[name]
  if (!plan) throw new AppError('no_api_access', `plan "${name}" is not defined in this server's configuration`)
  return plan
}

export const monthlyLimitOf = (plan: Plan): number | null =>
  plan.monthly_requests === 'unlimited' ? null : plan.monthly_requests

/** The first plan of this server's configuration that has API access, if any. */
export const planWithApiAccess = (config: Pick<Config, 'plans'>) =>
  Object.entries(config.plans).find(([, p]) => p.api_access)?.[0]

/**
 * 403 no_api_access for a team whose plan has none (docs/api.md#errors), with the next step: only the operator can
 * change a plan, so the message names the command and a plan of this server that has API access (or, with none,
 * the setting that gives one).
 */
export function noApiAccess(config: Pick<Config, 'plans'>, team: { name: string; plan: string }): AppError {
  const other = planWithApiAccess(config)
  const next = other
    ? `: the operator can move the team to a plan with it (lead-signals team set --team ${shellWord(team.name)} --plan ${shellWord(other)})`
    : ': the operator can set api_access = true on a plan in the configuration'
  return new AppError('no_api_access', `the ${team.plan} plan has no API access${next}`)
}
