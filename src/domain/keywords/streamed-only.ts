import type { Needs } from '../needs'
import type { SearchPlatform } from '../../config/platform-names'
import { isConfigured } from '../../platforms/configured'
import { isStreamed } from '../../platforms/streams'
import { allowedOn } from './allowed-on'

/**
 * When every platform of the plan that reaches the keywords (by their `platform:` filters, docs/queries.md#filters)
 * is one `serve` reads as a stream (docs/streams.md), those platforms (`streamed`) and the ones of them poll --once
 * can search here (`searchable`: Bluesky's search needs an account its stream does not). null when a pass searches
 * one of them, or nothing reaches them (unreached.ts).
 */
export function streamedOnly(
  deps: Needs<'config'>,
  plan: string,
  keywords: string[],
): { streamed: SearchPlatform[]; searchable: SearchPlatform[] } | null {
  const { config } = deps
  const inPlan = new Set(config.plans[plan]?.platforms ?? [])
  const reaching = [...new Set(allowedOn(keywords).flatMap((a) => a.platforms))].filter(
    (p) => inPlan.has(p) && (isConfigured(config, p) || isStreamed(config, p)),
  )
  if (reaching.length === 0 || !reaching.every((p) => isStreamed(config, p))) return null
  return { streamed: reaching, searchable: reaching.filter((p) => isConfigured(config, p)) }
}
