import { wallClockText } from '../../lib/zoned-time'
import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import { discordEscaped, discordMessage } from './discord'
import { emailMessage } from './email-message'
import { type Lead, type Links, shownToPeople } from './links'
import { slackMessage } from './slack'
import { slackDigest } from './slack-digest'
import { sendingPlan } from './sending-plan'
import { teamsMessage } from './teams'

type Team = { id: string; name: string }

/** The team's verdict on a signal (docs/api.md#feedback), by signal id; a signal without one is not in it. */
export type Verdicts = ReadonlyMap<string, 'relevant' | 'not_relevant'>

/**
 * A signal as GET /api/v1/signals?content=full shows it (docs/api.md#signals), the team's verdict included: a receiver
 * reading it with the API's Signal type needs every field of it. Dismissed as the stored row says (a window's leads
 * are only those not dismissed).
 */
export function signalAsApiShows(s: Lead & { dismissed?: boolean }, verdicts: Verdicts = new Map()) {
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
    verdict: verdicts.get(s.id) ?? null,
    dismissed: s.dismissed ?? false,
    personId: s.personId,
  }
}

/**
 * Several leads in a receiver's own format; an e-mail's parts are kept as JSON until they are sent. `heading` names a
 * window's digest and its times, which a chat message of a signal sent alone leaves out.
 */
function receiverBody(endpoint: EndpointRow, team: Team, all: Lead[], total: number, links: Links, heading?: string) {
  const leads = all.map(shownToPeople)
  switch (endpoint.kind) {
    case 'discord':
      return JSON.stringify(discordMessage(leads, total, links, heading))
    case 'teams':
      return JSON.stringify(teamsMessage(leads, total, links, undefined, heading))
    case 'email':
      return JSON.stringify(
        emailMessage(leads, total, links, { team: team.name, heading: heading ?? 'as it was found' }),
      )
    default:
      return undefined
  }
}

/**
 * docs/destinations.md#bodies: the Standard Webhooks envelope `{type, timestamp, data}` with the team and the signal
 * for a `webhook` destination, or the receiver's own message for the others.
 */
export function signalBody(
  endpoint: EndpointRow,
  team: Team,
  signal: Lead & { dismissed?: boolean },
  at: Date,
  links: Links,
  verdicts: Verdicts = new Map(),
): string {
  if (endpoint.kind === 'slack') return JSON.stringify(slackMessage(shownToPeople(signal), links))
  return (
    receiverBody(endpoint, team, [signal], 1, links) ??
    JSON.stringify({
      type: 'signal.created',
      timestamp: at.toISOString(),
      data: { team: { id: team.id, name: team.name }, signal: signalAsApiShows(signal, verdicts) },
    })
  )
}

/** A window's signals (a digest, or an e-mail batch): `leads` are its best, `total` how many it holds. */
export function windowBody(
  endpoint: EndpointRow,
  team: Team,
  w: { from: Date; to: Date; leads: Lead[]; total: number },
  at: Date,
  links: Links,
  verdicts: Verdicts = new Map(),
): string {
  // In the destination's own zone, where its team set the digest's hour (docs/destinations.md#cadence): in UTC a
  // daily digest at 09:00 Berlin time read "08:00 to 08:00 UTC".
  const zone = endpoint.timeZone
  const minute = (d: Date) => wallClockText(zone, d.getTime())
  const heading =
    endpoint.cadence === 'instant'
      ? `found ${minute(w.from)} ${zone}`
      : `${endpoint.cadence} digest, ${minute(w.from)} to ${minute(w.to)} ${zone}`
  if (endpoint.kind === 'slack') return JSON.stringify(slackDigest(w.leads.map(shownToPeople), w.total, links, heading))
  return (
    receiverBody(endpoint, team, w.leads, w.total, links, heading) ??
    JSON.stringify({
      type: 'signals.digest',
      timestamp: at.toISOString(),
      data: {
        team: { id: team.id, name: team.name },
        window: { from: w.from.toISOString(), to: w.to.toISOString() },
        total: w.total,
        signals: w.leads.map((lead) => signalAsApiShows(lead, verdicts)),
      },
    })
  )
}

/** A test's event name; its body is made for the destination as it is at each attempt (deliver.ts). */
export const TEST_EVENT = 'webhook.test'

/**
 * The body of a test event (docs/destinations.md#testing) at `at`, when it was asked for: every attempt to the same
 * kind of destination sends the same, and one changed to another kind meanwhile gets a test of its new kind.
 */
export function testBody(endpoint: EndpointRow, team: Team, at: Date, links: Links): string {
  const plan = sendingPlan(endpoint)
  const note = `lead-signals: test message for team ${team.name}. ${plan}`
  switch (endpoint.kind) {
    case 'slack':
      // Not mrkdwn (slack.ts): a team's name and a zone such as America/Port_of_Spain hold underscores, italics there.
      return JSON.stringify({ text: note, mrkdwn: false })
    case 'discord':
      return JSON.stringify({ content: discordEscaped(note), allowed_mentions: { parse: [] } })
    case 'teams':
      return JSON.stringify(teamsMessage([], 0, links, note))
    case 'email':
      return JSON.stringify(
        emailMessage([], 0, links, {
          team: team.name,
          title: 'lead-signals: test message',
          note: `${plan} Each lead comes with its score, intent, reason and a link to the post.`,
        }),
      )
    default:
      return JSON.stringify({
        type: TEST_EVENT,
        timestamp: at.toISOString(),
        data: { team: { id: team.id, name: team.name }, endpointId: endpoint.id, note: plan },
      })
  }
}
