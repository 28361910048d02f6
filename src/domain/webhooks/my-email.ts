import type { Needs } from '../needs'
import { type EndpointView, endpointView } from './endpoint-view'
import { createEndpoint } from './endpoints'

// docs/destinations.md#from-the-console: what one click in Settings sets up; the Webhooks page changes the rest.
const DAILY_AT = 9

/**
 * The signed-in user's own e-mail destination: a daily digest to their address at 9:00 in their browser's time zone,
 * every signal. Answers the one they already have instead of a second. Refused, with the reason, when the server
 * has no SMTP server.
 */
export async function addMyEmailDestination(
  deps: Needs<'config' | 'clock' | 'randomBytes', 'webhookEndpoints'>,
  a: { teamId: string; email: string; timeZone: string },
): Promise<{ endpoint: EndpointView; created: boolean }> {
  const mine = (await deps.repos.webhookEndpoints.list(a.teamId)).find(
    (e) => e.kind === 'email' && e.emailTo?.toLowerCase() === a.email.toLowerCase(),
  )
  if (mine) return { endpoint: endpointView(mine, deps.clock.now().getTime()), created: false }
  const made = await createEndpoint(deps, {
    teamId: a.teamId,
    input: {
      kind: 'email',
      to: a.email,
      cadence: 'daily',
      digestHour: DAILY_AT,
      timeZone: a.timeZone,
      quietHours: null,
      enabled: true,
      minScore: 0,
      intents: null,
      keywords: null,
      platforms: null,
    },
  })
  return { endpoint: made.endpoint, created: true }
}
