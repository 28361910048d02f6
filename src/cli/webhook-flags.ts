import { KINDS } from '../domain/webhooks/kinds'
import { AppError } from '../errors'
import { fieldWords } from '../lib/issue-words'
import { parsedOrRefused } from '../wire/validation'
import { EMPTY_FILTER, EndpointCreate } from '../wire/webhooks'
import type { Flags } from './args'

// The API's field names as this command's flags, so that a refusal names what the user typed.
const FLAG_OF: Record<string, string> = {
  minScore: '--min-score',
  url: '--url',
  to: '--to',
  kind: '--kind',
  event: '--event',
  cadence: '--cadence',
  digestHour: '--digest-hour',
  timeZone: '--time-zone',
  quietHours: '--quiet-hours',
  intents: '--intents',
  keywords: '--keywords',
  platforms: '--platforms',
}
// Comma-separated items, trimmed, the empty ones left out.
const list = (text: unknown) => (typeof text === 'string' ? text.split(',').flatMap((s) => s.trim() || []) : undefined)

const num = (text: unknown) => (typeof text === 'string' ? Number(text) : undefined)
// --quiet-hours 22-7: from 22:00 to 07:00. Anything else gets that form, not the API's words for its JSON object.
const quietHours = (text: unknown) => {
  if (typeof text !== 'string') return undefined
  const [from, to] = (/^(\d{1,2})-(\d{1,2})$/.exec(text.trim()) ?? []).slice(1).map(Number)
  if (from === undefined || to === undefined || from > 23 || to > 23)
    throw new AppError(
      'invalid_request',
      '--quiet-hours must be FROM-TO, two whole hours from 0 to 23 (22-7: from 22:00 to 07:00)',
    )
  return { from, to }
}

/** `webhook add` flags, checked by the same schema as POST /api/v1/webhooks (docs/destinations.md#managing). */
export function endpointFromFlags(flags: Flags) {
  if (flags.url === undefined && flags.to === undefined)
    throw new AppError('invalid_request', 'give --url (or --to for --kind email)')
  // The API's own refusal names its fields ('give url, not to'), which this command does not have.
  const kind = KINDS.find((k) => k === (flags.kind ?? 'webhook'))
  if (kind === 'email' && flags.url !== undefined)
    throw new AppError('invalid_request', 'an email destination sends to --to ADDRESS, not --url')
  if (kind && kind !== 'email' && flags.to !== undefined)
    throw new AppError(
      'invalid_request',
      `a ${kind} destination sends to --url; --to is for --kind email (webhook add --kind email --to ADDRESS)`,
    )
  const value = {
    url: flags.url,
    to: flags.to,
    kind: flags.kind,
    event: flags.event,
    cadence: flags.cadence,
    digestHour: num(flags['digest-hour']),
    timeZone: flags['time-zone'],
    quietHours: quietHours(flags['quiet-hours']),
    minScore: num(flags['min-score']),
    intents: list(flags.intents),
    keywords: list(flags.keywords),
    platforms: list(flags.platforms),
    enabled: !flags.disabled,
  }
  try {
    return parsedOrRefused('options', EndpointCreate, value)
  } catch (err) {
    throw saidWithFlags(err)
  }
}

/**
 * A refusal of the API's fields (`url must be…`) in the words of this command's flags (`--url must be…`): from the
 * schema, and from the checks made when the destination is added (the receiver's address is resolved then).
 */
export function saidWithFlags(err: unknown): unknown {
  if (!(err instanceof AppError) || !err.extra.details) return err
  const said = err.extra.details.map((d) => {
    const flag = d.field.replace(/^[^.]+/, (f) => FLAG_OF[f] ?? f)
    // A command line cannot give null: "any" is the option left out (docs/webhooks.md#endpoints).
    const message = d.message === EMPTY_FILTER ? `must list at least one; leave ${flag} out for any` : d.message
    return `${fieldWords(flag)} ${message}`
  })
  return new AppError(err.kind, said.join('; '))
}
