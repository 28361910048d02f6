import type { Needs } from '../needs'
import { secretMatches, storedClient } from './clients'

export type ClientCheck =
  | { ok: true; clientId: string }
  | { ok: false; status: 400 | 401; error: string; basic: boolean }

/**
 * Who sends a request to the revocation endpoint (RFC 7009 §2.1, RFC 6749 §2.3.1): HTTP Basic with the form-encoded
 * id and secret, or `client_id` (and `client_secret`) in the form, never both. A confidential client must send its
 * secret; a public one none. Only clients already known are looked up: this never fetches a metadata document.
 */
export async function authenticateClient(
  deps: Needs<never, 'oauth'>,
  form: Record<string, string>,
  authorization: string | null,
  base: string,
): Promise<ClientCheck> {
  const basic = authorization !== null && /^basic /i.test(authorization)
  const refused = (status: 400 | 401, error: string): ClientCheck => ({ ok: false, status, error, basic })
  let id = form.client_id
  let secret = form.client_secret
  if (basic) {
    if (secret !== undefined) return refused(400, 'use one way of client authentication: HTTP Basic or the form')
    const pair = basicPair(authorization.slice(6).trim())
    if (!pair || (id !== undefined && id !== pair.id)) return refused(401, 'the client credentials are not valid')
    ;({ id, secret } = pair)
  }
  if (!id) return refused(401, 'client_id is required (or HTTP Basic client authentication)')
  const client = await storedClient(deps, id, base)
  if (!client || !secretMatches(client, secret)) return refused(401, 'the client credentials are not valid')
  return { ok: true, clientId: client.id }
}

/** `Basic base64(id:secret)`, each part form-encoded (RFC 6749 §2.3.1). */
function basicPair(encoded: string): { id: string; secret: string } | undefined {
  const text = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = text.indexOf(':')
  if (colon <= 0) return undefined
  try {
    const decode = (part: string) => decodeURIComponent(part.replaceAll('+', ' '))
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) }
  } catch {
    return undefined
  }
}
