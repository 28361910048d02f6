import type { Needs } from '../needs'
import { isConfigured } from '../../platforms/configured'
import { isStreamed } from '../../platforms/streams'
import { allowedOn } from './allowed-on'

/**
 * How the plan's platforms that `keywords` allow (docs/queries.md#filters) read them: `searched` by `poll --once`
 * (a streamed platform too, when it can be searched), `scheduled` when serve's passes search one of them (they leave
 * out what streams, docs/streams.md#turning-a-stream-off), `streamed` by serve's streams.
 */
export function reachedBy(deps: Needs<'config'>, plan: string, keywords: string[]) {
  const { config } = deps
  const inPlan = new Set(config.plans[plan]?.platforms ?? [])
  const allowed = [...new Set(allowedOn(keywords).flatMap((a) => a.platforms))].filter((p) => inPlan.has(p))
  const searched = allowed.filter((p) => isConfigured(config, p))
  return {
    searched,
    scheduled: searched.some((p) => !isStreamed(config, p)),
    streamed: allowed.filter((p) => isStreamed(config, p)),
  }
}
