import type { Config, Plan } from '../../config/schema'
import { AppError } from '../../errors'

export type { Plan }

/** The plan a team is on; a team left on a plan the configuration no longer defines has no API access. */
export function planOf(config: Pick<Config, 'plans'>, name: string): Plan {
  const plan = config.plans[name]
  if (!plan) throw new AppError('no_api_access', `plan "${name}" is not defined in this server's configuration`)
  return plan
}

export const monthlyLimitOf = (plan: Plan): number | null =>
  plan.monthly_requests === 'unlimited' ? null : plan.monthly_requests
