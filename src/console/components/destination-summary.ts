import type * as v from 'valibot'
import type { Endpoint as WireEndpoint } from '../../wire/webhook-answers'
import { platformName } from '../signal-facts'

// A destination in words on its card (where it sends, when, which signals), apart from the Destinations page, which
// holds the list and its actions: the words change with the fields, the page with what a user can do.

export type Endpoint = v.InferOutput<typeof WireEndpoint>
export const KIND_NAMES = { webhook: 'Webhook', slack: 'Slack', discord: 'Discord', teams: 'Teams', email: 'E-mail' }
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`
export const whereOf = (e: Endpoint) => e.to ?? e.url ?? ''
export const timingOf = (e: Endpoint) =>
  [
    e.cadence === 'instant'
      ? 'instantly'
      : e.cadence === 'hourly'
        ? 'hourly digest'
        : `${e.cadence} digest at ${hour(e.digestHour)}${e.cadence === 'weekly' ? ' on Mondays' : ''}`,
    e.quietHours && `quiet ${hour(e.quietHours.from)}-${hour(e.quietHours.to)}`,
    (e.cadence !== 'instant' && e.cadence !== 'hourly') || e.quietHours ? e.timeZone : null,
  ]
    .filter(Boolean)
    .join(' · ')
export const filtersOf = (e: Endpoint) =>
  [
    `score ≥ ${e.filters.minScore}`,
    e.filters.intents && `intents ${e.filters.intents.join(', ')}`,
    e.filters.keywords && `keywords ${e.filters.keywords.join(', ')}`,
    e.filters.platforms && `platforms ${e.filters.platforms.map(platformName).join(', ')}`,
  ]
    .filter(Boolean)
    .join(' · ')
