import type { Config } from '../config/schema'

/**
 * What a new team's plan lets it do, said where team create reports the team: "with 0 credits" alone read as a team
 * that could make no request, when credits only come after the plan's monthly requests (docs/api.md#plans). Nothing
 * for a plan without API access or one the configuration lacks: keyAccessNote says that in its own line.
 */
export function planAllowance(config: Pick<Config, 'plans'>, planName: string, credits: number): string {
  const plan = config.plans[planName]
  if (!plan?.api_access) return ''
  const topUp = plan.monthly_credits > 0 ? `, topped up to ${plan.monthly_credits} each month` : ''
  if (plan.monthly_requests === 'unlimited') return ' (unlimited API requests)'
  if (plan.monthly_requests === 0)
    return ` (${credits} credits${topUp}${credits ? '' : ': the API refuses every call'})`
  const then = credits ? `, then ${credits} credits${topUp}` : ''
  return ` (${plan.monthly_requests} API requests a month${then})`
}
