import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import type { NewSignal } from '../../storage/repos/signals'
import { slackMessage } from './slack'

type SignalRow = Required<NewSignal>
export type Team = { id: string; name: string }

/** A signal as GET /api/v1/signals?content=full shows it (docs/api.md#signals). */
export function signalAsApiShows(s: SignalRow) {
  return {
    id: s.id,
    author: s.author,
    platform: s.platform,
    intent: s.intent,
    score: s.score,
    reason: s.reason,
    icpMatch: s.icpMatch,
    content: s.preview,
    contentFull: s.contentFull,
    url: s.url,
    keyword: s.keyword,
    publishedAt: s.publishedAt,
    detectedAt: s.detectedAt,
  }
}

/**
 * docs/webhooks.md#the-body: the Standard Webhooks envelope `{type, timestamp, data}` with the team and the signal for
 * a `webhook` endpoint, or a Slack message for a `slack` one.
 */
export function signalBody(endpoint: EndpointRow, team: Team, signal: SignalRow, at: Date): string {
  if (endpoint.kind === 'slack') return JSON.stringify(slackMessage(signal))
  return JSON.stringify({
    type: 'signal.created',
    timestamp: at.toISOString(),
    data: { team: { id: team.id, name: team.name }, signal: signalAsApiShows(signal) },
  })
}

/** The body of a test event (docs/webhooks.md#testing), kept with its delivery so every attempt sends the same. */
export function testBody(endpoint: EndpointRow, team: Team, at: Date): string {
  if (endpoint.kind === 'slack')
    return JSON.stringify({
      text: `lead-signals: test message for team ${team.name}. New signals will look like this channel's next posts.`,
    })
  return JSON.stringify({
    type: 'webhook.test',
    timestamp: at.toISOString(),
    data: { team: { id: team.id, name: team.name }, endpointId: endpoint.id },
  })
}
