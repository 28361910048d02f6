import { randomBytes, timingSafeEqual } from 'node:crypto'
import { fetchOutbound } from '../../outbound/fetch-outbound'
import { OutboundError } from '../../outbound/public-address'
import type { OAuthClientRow } from '../../storage/repos/oauth'
import { sha256Hex } from '../../lib/hash'
import { createRateWindow } from '../../lib/rate-window'
import type { Needs } from '../needs'
import { builtInClient } from './built-in-client'
import { ClientMetadataError, type ReadClientMetadata, readClientMetadata } from './client-metadata'
import { clientIdUrlFault } from './client-id-url'

// `built_in`: the service's own Swagger UI page (built-in-client.ts), which no registration or document describes.
export type OAuthClient = Omit<OAuthClientRow, 'redirectUris' | 'source'> & {
  source: OAuthClientRow['source'] | 'built_in'
  redirectUris: string[]
}

/** A client id that names no client we can use; shown to the user, never sent to a redirect URI. */
export class UnknownClientError extends Error {}

// docs/oauth.md#clients: a metadata document is small and quick to serve; one is read again after a day.
const DOCUMENT_MAX_BYTES = 5_120
const DOCUMENT_TIMEOUT_MS = 5_000
const DOCUMENT_FRESH_MS = 24 * 3_600_000
// docs/security.md#what-is-bounded: anyone may name a document URL at the token endpoint, which reads it, so one host's
// documents are read at most this often (counted in this process), and naming URLs cannot make this server send a
// stream of requests to someone else's site.
const DOCUMENT_READS_PER_HOST = 30
const documentReads = createRateWindow(DOCUMENT_READS_PER_HOST, 10 * 60_000)

/** RFC 7591 registration: the client's id, and its secret (shown once) when it authenticates with one. */
export async function registerClient(deps: Needs<'clock' | 'config', 'oauth'>, body: unknown) {
  const m = readClientMetadata(body, 'client_secret_basic')
  await makeRoomForClient(deps)
  const secret = m.authMethod === 'none' ? undefined : `lscs_${randomBytes(32).toString('base64url')}`
  const row = rowOf(`lsc_${randomBytes(16).toString('base64url')}`, 'registered', m, deps.clock.now())
  await deps.repos.oauth.saveClient({ ...row, secretHash: secret ? sha256Hex(secret) : null })
  return { client: clientOf(row), secret }
}

// docs/security.md#what-is-bounded: a registered client nobody has allowed is kept a day.
const UNUSED_CLIENT_MS = 24 * 3_600_000

/** Thrown when this server holds as many registered clients that nobody allowed yet as it keeps. */
export class TooManyClientsError extends Error {}

/** Prunes registered clients nobody allowed within a day, then refuses when too many are still waiting. */
async function makeRoomForClient(deps: Needs<'clock' | 'config', 'oauth'>) {
  await pruneUnusedClients(deps, deps.clock.now())
  if ((await deps.repos.oauth.unusedClients()) >= deps.config.oauth.max_unused_clients)
    throw new TooManyClientsError('too many clients registered here are waiting for their first authorization')
}

export async function pruneUnusedClients(deps: Needs<never, 'oauth'>, now: Date) {
  await deps.repos.oauth.removeUnusedClients(new Date(now.getTime() - UNUSED_CLIENT_MS).toISOString())
}

/**
 * The client of an id: the built-in one of Swagger UI at `base` (the service's address), a registered one, or the
 * metadata document the id points to (read or re-read).
 */
export async function clientFor(
  deps: Needs<'clock' | 'config', 'oauth'>,
  clientId: string,
  base: string,
): Promise<OAuthClient> {
  const builtIn = builtInClient(clientId, base)
  if (builtIn) return builtIn
  const stored = await deps.repos.oauth.findClient(clientId)
  if (!isDocumentUrl(clientId)) {
    if (!stored) throw new UnknownClientError('no client is registered with this id')
    return clientOf(stored)
  }
  const now = deps.clock.now()
  if (stored?.fetchedAt && now.getTime() - stored.fetchedAt < DOCUMENT_FRESH_MS) return clientOf(stored)
  // docs/security.md#what-is-bounded: anyone can name a new document URL at the token endpoint, so a client read from
  // one is kept only while there is room, as a registered one, and goes a day later unless a user allowed it.
  if (!stored) await makeRoomForClient(deps)
  const row = {
    ...rowOf(clientId, 'metadata_document', await readDocument(deps, clientId), now),
    fetchedAt: now.getTime(),
  }
  await deps.repos.oauth.saveClient(row)
  return clientOf(row)
}

/** A client this server already holds (built in, registered, or a document read before), without fetching anything. */
export async function storedClient(
  deps: Needs<never, 'oauth'>,
  clientId: string,
  base: string,
): Promise<OAuthClient | undefined> {
  const builtIn = builtInClient(clientId, base)
  if (builtIn) return builtIn
  const stored = await deps.repos.oauth.findClient(clientId)
  return stored ? clientOf(stored) : undefined
}

/** Whether a presented secret is the client's: public clients have none, confidential ones must send theirs. */
export function secretMatches(client: OAuthClient, secret: string | undefined | null): boolean {
  if (client.authMethod === 'none') return !secret
  if (!secret || !client.secretHash) return false
  return timingSafeEqual(Buffer.from(sha256Hex(secret)), Buffer.from(client.secretHash))
}

const isDocumentUrl = (id: string) => /^https?:\/\//.test(id)

async function readDocument(deps: Needs<'config' | 'clock'>, clientId: string): Promise<ReadClientMetadata> {
  const allowPrivate = deps.config.oauth.allow_private_client_urls
  let url: URL
  try {
    url = new URL(clientId)
  } catch {
    // `https://`, `https://%zz`, `https://[::1`: a client id that looks like a URL and is not one names no client.
    throw new UnknownClientError('the client id is not a valid URL')
  }
  // The draft asks for https; plain http is accepted only where private addresses are, for clients on the same network.
  if (url.protocol !== 'https:' && !allowPrivate) throw new UnknownClientError('a client id URL must be https')
  const fault = clientIdUrlFault(clientId)
  if (fault) throw new UnknownClientError(fault)
  const wait = documentReads.take(url.host, deps.clock.now().getTime())
  if (wait !== undefined)
    throw new UnknownClientError(`too many client metadata documents were read from this host; try again in ${wait} s`)
  try {
    const answer = await fetchOutbound(
      url,
      { allowPrivate },
      { timeoutMs: DOCUMENT_TIMEOUT_MS, maxBytes: DOCUMENT_MAX_BYTES },
    )
    if (answer.status !== 200) throw new UnknownClientError(`the client metadata document answered ${answer.status}`)
    const doc = JSON.parse(new TextDecoder().decode(answer.body)) as { client_id?: unknown }
    if (doc?.client_id !== clientId) throw new UnknownClientError("the document's client_id is not its own URL")
    const m = readClientMetadata(doc, 'none')
    if (m.authMethod !== 'none') throw new UnknownClientError('a client identified by its document cannot use a secret')
    return m
  } catch (err) {
    if (err instanceof UnknownClientError) throw err
    if (err instanceof OutboundError || err instanceof ClientMetadataError)
      throw new UnknownClientError(`the client metadata document could not be used: ${err.message}`)
    throw new UnknownClientError('the client metadata document is not valid JSON')
  }
}

function rowOf(id: string, source: OAuthClientRow['source'], m: ReadClientMetadata, now: Date): OAuthClientRow {
  return {
    id,
    source,
    name: m.name,
    redirectUris: JSON.stringify(m.redirectUris),
    authMethod: m.authMethod,
    secretHash: null,
    scope: m.scope,
    clientUri: m.clientUri,
    createdAt: now.toISOString(),
    fetchedAt: null,
  }
}

const clientOf = (row: OAuthClientRow): OAuthClient => ({ ...row, redirectUris: JSON.parse(row.redirectUris) })
