import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import type { Needs } from '../needs'
import { publicBase } from './links'

// docs/destinations.md#unsubscribe: the link in every e-mail turns its destination off without signing in. The
// token is the destination's id and an HMAC of it under the destination's own secret, so it cannot be made up for
// another destination, and removing the destination voids it.
const PURPOSE = 'unsubscribe.'
const MAC_CHARS = 32

const macOf = (e: { id: string; secret: string }) =>
  createHmac('sha256', e.secret)
    .update(PURPOSE + e.id)
    .digest('base64url')
    .slice(0, MAC_CHARS)

export const unsubscribeToken = (e: { id: string; secret: string }) => `${e.id}.${macOf(e)}`

export const unsubscribeUrl = (config: Config, e: { id: string; secret: string }) =>
  `${publicBase(config)}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(e))}`

const refused = () => new AppError('invalid_request', 'this unsubscribe link is not valid (or its destination is gone)')

/** The destination a token names, if the token is its own; else a clear refusal that says nothing more. */
async function destinationOf(deps: Needs<never, 'webhookEndpoints'>, token: string) {
  const [id, mac] = token.split('.')
  if (!id || !mac || mac.length !== MAC_CHARS) throw refused()
  const endpoint = await deps.repos.webhookEndpoints.byIdAnyTeam(id)
  // A destination changed from e-mail to a chat or webhook keeps its id and secret: the link of an old e-mail is not
  // a way to turn that off, nor to read its URL (docs/destinations.md#unsubscribe).
  if (endpoint?.kind !== 'email' || !endpoint.emailTo) throw refused()
  const expected = Buffer.from(macOf(endpoint))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused()
  return { ...endpoint, emailTo: endpoint.emailTo }
}

/** What the unsubscribe page shows before the click: the address, and whether it is still sent to. */
export async function unsubscribeState(deps: Needs<never, 'webhookEndpoints'>, token: string) {
  const e = await destinationOf(deps, token)
  return { to: e.emailTo, enabled: e.enabled }
}

/** Disables the destination (a user enables it again from the console or the API). */
export async function unsubscribe(deps: Needs<'log', 'webhookEndpoints'>, token: string) {
  const e = await destinationOf(deps, token)
  if (e.enabled) {
    await deps.repos.webhookEndpoints.disable(e.id, 'unsubscribed through the link in an e-mail')
    deps.log.info('destination_unsubscribed', { endpoint: e.id })
  }
  return { to: e.emailTo, enabled: false }
}
