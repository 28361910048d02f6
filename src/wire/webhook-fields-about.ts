// docs/destinations.md: what each field means, said once for the OpenAPI document.
export const about = {
  url: 'Where deliveries are POSTed (every kind but email): an absolute http(s) URL on a public address (private ones only with webhooks.allow_private_targets). discord: a path /api/webhooks/{id}/{token}; teams: a Workflows URL whose path ends /invoke. Answers show it masked (docs/destinations.md#urls-are-shown-masked); sending back exactly the masked URL shown keeps the stored one, any other URL holding •••• is refused.',
  kind: '"webhook" (default): the signed JSON event. "slack": a Slack message for an incoming-webhook URL. "discord": embeds for a Discord webhook. "teams": an Adaptive Card for a Teams Workflows webhook. "email": messages to `to` through the server\'s SMTP server.',
  to: 'The address an email destination sends to.',
  cadence:
    '"instant" (default): each signal as it is found (e-mail: the signals of a minute in one message). "hourly", "daily" (at digestHour), "weekly" (Mondays at digestHour): one digest of the window\'s signals, none when there are none.',
  digestHour: 'The hour (0-23, in timeZone) of a daily or weekly digest (default 9).',
  timeZone: 'The IANA time zone of digestHour and quietHours (default "UTC").',
  quietHours:
    'From hour `from` to hour `to` (0-23, in timeZone) nothing is sent; what comes meanwhile is held and sent when they end. null: none.',
  minScore: 'Only signals scoring at least this, 0 to 10 (default 0).',
  intents: 'Only signals of these intents; null or absent: any.',
  keywords: 'Only signals found for these tracked keywords, in any case but that of OR, AND, NOT; null: any.',
  platforms: 'Only signals from these platforms; null or absent: any.',
  enabled: 'Whether deliveries are made (default true).',
}
