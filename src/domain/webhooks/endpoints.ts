import { AppError } from '../../errors'
import { newId } from '../../lib/ids'
import { echoed } from '../../lib/text'
import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import type { Needs } from '../needs'
import { checkKindFields, checkWhere, type DestinationFields, fieldsOf, timingColumns } from './destination-fields'
import type { EndpointKind } from './kinds'
import { endpointView } from './endpoint-view'
import { rescheduleHeld } from './held-for-quiet'
import { unmaskedUrl } from './masked-url'
import { PAUSED_BY_GLOBAL_LIMIT } from './rate-limit'
import { checkReceiverUrl } from './receiver-url'
import { newSecret } from './signing'

const WEBHOOK_EVENT = 'signal.created'
// docs/webhooks.md#secrets: after a rotation the earlier secret signs too, for this long.
const ROTATION_GRACE_MS = 24 * 3600 * 1000

export type { EndpointKind }
// The check of a receiver's URL is receiver-url.ts's; it is still named here, beside the endpoints it checks.
export { checkReceiverUrl }
type EndpointFilters = {
  minScore: number
  intents: string[] | null
  keywords: string[] | null
  platforms: string[] | null
}
export type EndpointInput = DestinationFields & {
  enabled: boolean
  event?: 'signal.created' | 'person.updated'
} & EndpointFilters
type EndpointChange = Partial<EndpointInput>

type EndpointDeps = Needs<'config' | 'clock' | 'randomBytes', 'webhookEndpoints'>

const json = (list: string[] | null | undefined) => (list == null ? list : JSON.stringify(list))

/**
 * Discord's global limit while it runs (docs/destinations.md#rate-limits): it counts this server's requests to every
 * Discord webhook, so a Discord destination added or made one meanwhile waits with the others; undefined otherwise.
 */
export async function discordGlobalPause(deps: Needs<never, 'webhookEndpoints'>, kind: EndpointKind, nowMs: number) {
  if (kind !== 'discord') return undefined
  const until = await deps.repos.webhookEndpoints.kindPauseEnd('discord', PAUSED_BY_GLOBAL_LIMIT, nowMs)
  return until === undefined ? undefined : { pausedUntil: until, pausedReason: PAUSED_BY_GLOBAL_LIMIT }
}

/**
 * docs/security.md#what-is-bounded: each endpoint multiplies every new signal's deliveries, so a team has at most
 * `webhooks.max_endpoints_per_team` of them.
 */
export async function createEndpoint(deps: EndpointDeps, a: { teamId: string; input: EndpointInput }) {
  const cap = deps.config.webhooks.max_endpoints_per_team
  if ((await deps.repos.webhookEndpoints.count(a.teamId)) >= cap)
    throw new AppError(
      'invalid_request',
      `a team has at most ${cap} destinations (webhooks.max_endpoints_per_team): remove one before adding another`,
    )
  checkKindFields(a.input, a.input)
  const where = await checkWhere(deps, a.input, (raw) => checkReceiverUrl(deps, unmaskedUrl(raw, null)))
  const secret = newSecret(deps.randomBytes)
  const now = deps.clock.now()
  const row: EndpointRow = {
    id: newId('whe'),
    teamId: a.teamId,
    ...where,
    ...timingColumns(a.input, null, now.getTime()),
    kind: a.input.kind,
    event: a.input.event ?? WEBHOOK_EVENT,
    minScore: a.input.minScore,
    intents: json(a.input.intents) ?? null,
    keywords: json(a.input.keywords) ?? null,
    platforms: json(a.input.platforms) ?? null,
    enabled: a.input.enabled,
    disabledReason: null,
    secret,
    previousSecret: null,
    previousSecretUntil: null,
    failingSince: null,
    pausedUntil: null,
    pausedReason: null,
    ...(await discordGlobalPause(deps, a.input.kind, now.getTime())),
    createdAt: now.toISOString(),
  }
  await deps.repos.webhookEndpoints.insert(row)
  return { endpoint: endpointView(row, now.getTime()), secret }
}

export async function listEndpoints(deps: Needs<'clock', 'webhookEndpoints'>, a: { teamId: string }) {
  const nowMs = deps.clock.now().getTime()
  return (await deps.repos.webhookEndpoints.list(a.teamId)).map((e) => endpointView(e, nowMs))
}

/**
 * What an id the team does not have is answered with (404 over the API, docs/api.md#error-codes), naming the id as a
 * signal's 404 does: "no such webhook endpoint" alone did not say which id of a script's run was wrong. The id is
 * typed by the caller, so it comes back as echoed() shows it. The command line says more (cli/on-endpoint.ts).
 */
export const noEndpointSaid = (id: string) => `the team has no webhook endpoint ${echoed(id)}`
const noEndpoint = (id: string) => new AppError('not_found', noEndpointSaid(id))

export async function findEndpoint(deps: Needs<never, 'webhookEndpoints'>, a: { teamId: string; id: string }) {
  const row = await deps.repos.webhookEndpoints.byId(a.teamId, a.id)
  if (!row) throw noEndpoint(a.id)
  return row
}

/**
 * Changes what is given, checked with the fields it keeps (a kind needs its url or address); enabling again clears
 * why the service had disabled it and its failing streak, and a digest starts its window again from now.
 */
type UpdateDeps = Needs<'config' | 'clock' | 'randomBytes', 'webhookEndpoints' | 'webhookDeliveries'>
export async function updateEndpoint(deps: UpdateDeps, a: { teamId: string; id: string; change: EndpointChange }) {
  const current = await findEndpoint(deps, a)
  // The URL as shown (masked) sent back with other fields keeps the stored one
  // (docs/destinations.md#urls-are-shown-masked).
  const shown = current.kind === 'email' ? null : current
  const c = a.change.url == null ? a.change : { ...a.change, url: unmaskedUrl(a.change.url, shown) }
  const fields = { ...fieldsOf(current), ...definedOnly(c) }
  checkKindFields(fields, c)
  const where = await checkWhere(deps, fields, (raw) =>
    raw === current.url ? Promise.resolve(raw) : checkReceiverUrl(deps, raw),
  )
  const nowMs = deps.clock.now().getTime()
  const restart = c.enabled === true && !current.enabled
  const row = await deps.repos.webhookEndpoints.update(a.teamId, a.id, {
    ...where,
    ...timingColumns(fields, restart ? null : current.windowFrom, nowMs),
    kind: fields.kind,
    minScore: c.minScore,
    intents: json(c.intents),
    keywords: json(c.keywords),
    platforms: json(c.platforms),
    enabled: c.enabled,
    ...(c.enabled !== undefined && { disabledReason: null, failingSince: null }),
    // A pause is what the former receiver asked for (docs/destinations.md#rate-limits), except Discord's global
    // limit, which counts this server's requests to any Discord webhook: it holds for the new one too.
    ...(where.url !== current.url &&
      !(fields.kind === 'discord' && current.pausedReason === PAUSED_BY_GLOBAL_LIMIT) && {
        pausedUntil: null,
        pausedReason: null,
      }),
    // Made a Discord destination while that limit runs: it waits for it too.
    ...(current.kind !== 'discord' && (await discordGlobalPause(deps, fields.kind, nowMs))),
  })
  if (!row) throw noEndpoint(a.id)
  // docs/destinations.md#unsubscribe: the links of e-mails sent to the former address stop working (they showed the
  // new address to its former reader and turned its e-mails off). The secret is what they are made with. A destination
  // made e-mail from another kind gets a new one too: it may have been e-mail before, to another address, with links
  // made with the secret it kept meanwhile.
  if (row.kind === 'email' && (current.kind !== 'email' || row.emailTo !== current.emailTo))
    await deps.repos.webhookEndpoints.rotate(a.teamId, a.id, newSecret(deps.randomBytes), nowMs + ROTATION_GRACE_MS)
  await rescheduleHeld(deps, current, row, nowMs)
  return endpointView(row, nowMs)
}

const definedOnly = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>

export async function removeEndpoint(deps: Needs<never, 'webhookEndpoints'>, a: { teamId: string; id: string }) {
  if (!(await deps.repos.webhookEndpoints.remove(a.teamId, a.id))) throw noEndpoint(a.id)
}

/** A new secret, shown once; the one it replaces keeps signing for the grace period (docs/webhooks.md#rotating). */
export async function rotateSecret(deps: EndpointDeps, a: { teamId: string; id: string }) {
  const secret = newSecret(deps.randomBytes)
  const until = deps.clock.now().getTime() + ROTATION_GRACE_MS
  if (!(await deps.repos.webhookEndpoints.rotate(a.teamId, a.id, secret, until))) throw noEndpoint(a.id)
  return { secret, previousSecretValidUntil: new Date(until).toISOString() }
}
