import { fieldError } from '../../errors'
import { isEmailAddress } from '../../lib/email-address'

// docs/destinations.md#kinds: every destination is a kind of the one webhooks resource.
export const KINDS = ['webhook', 'slack', 'discord', 'teams', 'email'] as const
export type EndpointKind = (typeof KINDS)[number]

// A Slack incoming webhook, /services/{team id}/{webhook id}/{secret} (docs/webhooks.md#slack): a channel's page, an
// app's or a Workflow Builder trigger's address is not one, and was refused only for its host, if at all.
const SLACK_PATH = /^\/services\/T\w+\/B\w+\/[\w-]+\/?$/
// Discord's execute-webhook route, /api/webhooks/{webhook.id}/{webhook.token} (an API version may follow /api).
const DISCORD_PATH = /^\/api(?:\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/
// A Teams Workflows trigger ("when a Teams webhook request is received"): …/workflows/{id}/…/invoke.
const TEAMS_PATH = /\/workflows\/[^/]+\/(?:[^/]+\/)*invoke\/?$/

/** A Slack, Discord or Teams URL whose path is not of that kind is refused; the host stays free (mirrors, tests). */
export function checkKindUrl(kind: EndpointKind, url: URL): void {
  if (kind === 'slack' && !SLACK_PATH.test(url.pathname))
    throw fieldError(
      'url',
      'must be a Slack incoming-webhook URL, whose path is /services/T…/B…/…',
      'a slack destination needs a Slack incoming-webhook URL, whose path is /services/T…/B…/…',
    )
  if (kind === 'discord' && !DISCORD_PATH.test(url.pathname))
    throw fieldError(
      'url',
      'must be a Discord webhook URL, whose path is /api/webhooks/{id}/{token}',
      'a discord destination needs a Discord webhook URL, whose path is /api/webhooks/{id}/{token}',
    )
  if (kind === 'teams' && !TEAMS_PATH.test(url.pathname))
    throw fieldError(
      'url',
      'must be a Teams Workflows webhook URL, whose path is /workflows/…/invoke',
      'a teams destination needs a Teams Workflows webhook URL, whose path is /workflows/…/invoke',
    )
}

/** An e-mail address, or a clear error naming the field. */
export function checkAddress(raw: string): string {
  const to = raw.trim()
  if (!isEmailAddress(to)) throw fieldError('to', 'must be one e-mail address, such as sales@example.com')
  return to
}
