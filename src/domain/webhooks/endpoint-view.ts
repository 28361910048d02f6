import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import { destinationView } from './destination-fields'

const parsed = (text: string | null) => (text === null ? null : (JSON.parse(text) as string[]))

/**
 * What the API, the CLI and the console show of an endpoint: never its secret. A pause shows while it runs, with why
 * (docs/destinations.md#rate-limits), so a team whose alerts wait learns the cause on the destination itself. A
 * disabled endpoint sends nothing and shows none: it keeps the pause (Discord's global one reaches it too), which
 * shows, and holds its deliveries, if it is enabled again before the pause ends.
 */
export function endpointView(e: EndpointRow, nowMs: number) {
  const paused = e.enabled && e.pausedUntil !== null && e.pausedUntil > nowMs
  return {
    id: e.id,
    kind: e.kind,
    ...destinationView(e),
    event: e.event,
    filters: {
      minScore: e.minScore,
      intents: parsed(e.intents),
      keywords: parsed(e.keywords),
      platforms: parsed(e.platforms),
    },
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    failingSince: e.failingSince === null ? null : new Date(e.failingSince).toISOString(),
    pausedUntil: paused ? new Date(Number(e.pausedUntil)).toISOString() : null,
    pausedReason: paused ? e.pausedReason : null,
    createdAt: e.createdAt,
  }
}
export type EndpointView = ReturnType<typeof endpointView>
