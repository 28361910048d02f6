// docs/destinations.md: the Destinations form's Kind and When choices, and the ones a person.updated destination
// takes. The server takes that event only as a webhook sent instantly (docs/people.md#person-updated), so the form
// offers nothing else for it rather than leave a person to learn the rule from a refusal after Add.
export const KINDS: [string, string][] = [
  ['webhook', 'Webhook (signed JSON)'],
  ['slack', 'Slack incoming webhook'],
  ['discord', 'Discord webhook'],
  ['teams', 'Microsoft Teams (Workflows)'],
  ['email', 'E-mail'],
]
export const CADENCES: [string, string][] = [
  ['instant', 'Instantly'],
  ['hourly', 'Digest every hour'],
  ['daily', 'Daily digest'],
  ['weekly', 'Weekly digest (Mondays)'],
]
/** What a destination sending People turning hot is: its kind and cadence, set when that event is chosen. */
export const HOT_ONLY = { kind: 'webhook', cadence: 'instant' }

/** The choices of `all` offered for `event`: for person.updated only the one it takes, `only`. */
export const offered = (all: [string, string][], event: string, only: string) =>
  event === 'person.updated' ? all.filter(([value]) => value === only) : all
