import type { Delivery } from '../../storage/repos/polling-types'
import type { NewSignal } from '../../storage/repos/signals'
import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import type { Needs } from '../needs'
import { keywordKey } from '../../query/same-query'

type SignalFacts = Pick<NewSignal, 'id' | 'teamId' | 'score' | 'intent' | 'platform' | 'keyword'>

const listOf = (text: string | null) => (text === null ? null : (JSON.parse(text) as string[]))

/**
 * docs/webhooks.md#endpoints: whether an endpoint receives a signal: an enabled endpoint of the signal's team, for
 * `signal.created`, sent signal by signal (not in windows: digests and e-mail are built from the signals,
 * docs/destinations.md), whose every filter the signal passes (a filter left null lets everything through).
 */
export function receives(e: EndpointRow, s: SignalFacts): boolean {
  if (!e.enabled || e.event !== 'signal.created' || e.windowFrom !== null) return false
  if (e.teamId !== s.teamId || s.score < e.minScore) return false
  const intents = listOf(e.intents)
  if (intents && !intents.includes(s.intent)) return false
  const platforms = listOf(e.platforms)
  if (platforms && !platforms.includes(s.platform)) return false
  const keywords = listOf(e.keywords)
  // As tracked keywords compare (docs/queries.md#matching): 'crm not hubspot' is not 'crm NOT hubspot'.
  const key = keywordKey(s.keyword)
  return !keywords || keywords.some((k) => keywordKey(k) === key)
}

/**
 * The (signal, endpoint) pairs that get a delivery, stored in the transaction that stores the signals
 * (storage/repos/webhook-outbox.ts), so a signal is never stored without its deliveries.
 */
export async function deliveriesOf(
  deps: Needs<never, 'webhookEndpoints'>,
  signals: SignalFacts[],
): Promise<Delivery[]> {
  if (signals.length === 0) return []
  const endpoints = await deps.repos.webhookEndpoints.receivers([...new Set(signals.map((s) => s.teamId))])
  if (endpoints.length === 0) return []
  return signals.flatMap((s) =>
    endpoints.filter((e) => receives(e, s)).map((e) => ({ signalId: s.id, endpointId: e.id })),
  )
}
