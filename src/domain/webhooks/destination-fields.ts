import { fieldError } from '../../errors'
import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import type { Needs } from '../needs'
import { type Cadence, sendsWindows } from './cadence'
import { checkAddress, checkKindUrl, type EndpointKind } from './kinds'
import { maskedUrl } from './masked-url'

// docs/destinations.md: what a destination is besides its filters: where it goes, and when.
type QuietHours = { from: number; to: number }
export type DestinationFields = {
  kind: EndpointKind
  url?: string | null
  to?: string | null
  cadence: Cadence
  digestHour: number
  timeZone: string
  quietHours: QuietHours | null
  event?: string
}
type Where = Pick<EndpointRow, 'url' | 'emailTo'>
type CheckUrl = (raw: string) => Promise<string>

type Given = { url?: string | null; to?: string | null; minScore?: number } & Partial<
  Record<'intents' | 'keywords' | 'platforms', string[] | null>
>

/**
 * A field given that the destination does not read is refused rather than dropped: `to` for a URL's kind, `url` for
 * e-mail, a signal filter for person.updated. `given`: the fields the request itself holds (a change keeps the stored
 * ones as they are).
 */
export function checkKindFields(f: { kind: EndpointKind; event?: string }, given: Given) {
  const { kind } = f
  // docs/webhooks.md#endpoints: the filters choose signals; person.updated is sent for every person turning hot.
  if (f.event === 'person.updated')
    for (const field of ['minScore', 'intents', 'keywords', 'platforms'] as const)
      if (field === 'minScore' ? given.minScore : given[field] != null)
        throw fieldError(
          field,
          'is not read by a person.updated destination',
          `${field} chooses signals: a person.updated destination is told of every person turning hot, and takes no filter`,
        )
  if (kind === 'email' && given.url != null)
    throw fieldError(
      'url',
      'is not read by an email destination',
      'an email destination sends to an address: give to, not url',
    )
  if (kind !== 'email' && given.to != null)
    throw fieldError(
      'to',
      `is not read by a ${kind} destination`,
      `a ${kind} destination sends to a URL: give url, not to (to is for kind email)`,
    )
}

const PERSON_UPDATED_ONLY = 'event person.updated is sent only to a webhook destination sent instantly'

/**
 * Where a destination of `f.kind` sends: an e-mail address for `email` (refused when the server has no SMTP
 * server), else a receiver URL whose path fits the kind. Checked on the fields as they will be after a change.
 */
export async function checkWhere(deps: Needs<'config'>, f: DestinationFields, checkUrl: CheckUrl): Promise<Where> {
  // docs/people.md#person-updated: a signed JSON event of its own, not a message for people to read, on adding and on
  // every change (made an e-mail destination, each event went out as an e-mail without subject or text).
  // The field that does not fit is named (docs/api.md#error-shape): the event cannot be changed, kind and cadence can.
  if (f.event === 'person.updated' && (f.kind !== 'webhook' || f.cadence !== 'instant'))
    throw f.kind !== 'webhook'
      ? fieldError('kind', 'must be webhook for a person.updated destination', PERSON_UPDATED_ONLY)
      : fieldError('cadence', 'must be instant for a person.updated destination', PERSON_UPDATED_ONLY)
  if (f.kind === 'email') {
    // The kind is what the caller can change (the Destinations form marks it); the server's settings are not theirs.
    if (!deps.config.email.host)
      throw fieldError(
        'kind',
        'cannot be email: the operator has not configured an SMTP server ([email] host)',
        'e-mail destinations are not available: the operator has not configured an SMTP server ([email] host)',
      )
    if (!f.to)
      throw fieldError(
        'to',
        'is required: the address to send to',
        'an email destination needs to, the address to send to',
      )
    return { url: '', emailTo: checkAddress(f.to) }
  }
  if (!f.url) throw fieldError('url', 'is required', `a ${f.kind} destination needs url`)
  // The path's kind first: it needs no look-up of the host, and says what is wrong more plainly.
  if (URL.canParse(f.url)) checkKindUrl(f.kind, new URL(f.url))
  return { url: await checkUrl(f.url), emailTo: null }
}

/** The columns of the timing fields; the window of a destination sent windows starts now (or goes on). */
export function timingColumns(f: DestinationFields, current: number | null, nowMs: number) {
  return {
    cadence: f.cadence,
    digestHour: f.digestHour,
    timeZone: f.timeZone,
    quietFrom: f.quietHours?.from ?? null,
    quietTo: f.quietHours?.to ?? null,
    windowFrom: sendsWindows(f) ? (current ?? nowMs) : null,
  }
}

/** The fields of a stored destination, to which a change is applied before it is checked. */
export const fieldsOf = (e: EndpointRow): DestinationFields => ({
  kind: e.kind,
  url: e.kind === 'email' ? null : e.url,
  to: e.emailTo,
  cadence: e.cadence,
  digestHour: e.digestHour,
  timeZone: e.timeZone,
  quietHours: e.quietFrom === null || e.quietTo === null ? null : { from: e.quietFrom, to: e.quietTo },
  event: e.event,
})

/**
 * What the API shows of where and when (beside the filters); the URL masked
 * (docs/destinations.md#urls-are-shown-masked).
 */
export const destinationView = (e: EndpointRow) => {
  const f = fieldsOf(e)
  return {
    url: f.url ? maskedUrl(f.kind, f.url) : null,
    to: f.to ?? null,
    cadence: f.cadence,
    digestHour: f.digestHour,
    timeZone: f.timeZone,
    quietHours: f.quietHours,
  }
}
