// docs/destinations.md: what the new-destination form holds, and the body POST /webhooks takes from it.
export const EMPTY = {
  // signal.created (each new signal) or person.updated (a person turning hot: docs/people.md#person-updated).
  event: 'signal.created',
  kind: 'webhook',
  url: '',
  to: '',
  cadence: 'instant',
  digestHour: '9',
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  quietFrom: '',
  quietTo: '',
  minScore: '0',
  intents: '',
  keywords: '',
}
export const URL_HINT: Record<string, string> = {
  webhook: 'https://… (your receiver)',
  slack: 'https://hooks.slack.com/services/…',
  discord: 'https://discord.com/api/webhooks/…',
  teams: 'a Teams Workflows URL ending /invoke?…',
}
export const listOrNull = (text: string) => {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return items.length ? items : null
}

/** The form's values as POST /webhooks takes them. */
export function bodyOf(f: typeof EMPTY) {
  const quiet = f.quietFrom !== '' && f.quietTo !== ''
  // A person.updated destination takes no filter of signals: the server refuses one given rather than ignore it.
  const filters =
    f.event === 'person.updated'
      ? { event: f.event }
      : { minScore: Number(f.minScore), intents: listOrNull(f.intents.toUpperCase()), keywords: listOrNull(f.keywords) }
  return {
    kind: f.kind,
    ...(f.kind === 'email' ? { to: f.to } : { url: f.url }),
    cadence: f.cadence,
    digestHour: Number(f.digestHour),
    timeZone: f.timeZone,
    quietHours: quiet ? { from: Number(f.quietFrom), to: Number(f.quietTo) } : null,
    ...filters,
  }
}
