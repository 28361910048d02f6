import * as v from 'valibot'
import { unstorableText } from '../../lib/text'
import { hasWrittenHost, holdsBackslash, holdsNonUriText, namesPlainHost } from './redirect-uri'
import { isPathOnlyPrivateUse, redirectKindProblem } from './redirect-uri-kind'
import { scopesOf, withoutOfflineAccess } from './scopes'

/** An RFC 7591 error: `invalid_redirect_uri` or `invalid_client_metadata`, with a description for the developer. */
export class ClientMetadataError extends Error {
  constructor(
    readonly error: 'invalid_redirect_uri' | 'invalid_client_metadata',
    message: string,
  ) {
    super(message)
  }
}

const MAX_REDIRECT_URIS = 5
const MAX_URI_CHARS = 512
const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const

// The client metadata we read (RFC 7591 §2), in a registration request or a client metadata document; other fields
// are ignored, as the RFC asks.
const ClientMetadata = v.object({
  // docs/security.md#what-is-bounded: what a registration may make the service store.
  redirect_uris: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(MAX_URI_CHARS, `at most ${MAX_URI_CHARS} characters each`))),
    v.minLength(1, 'at least one is needed'),
    v.maxLength(MAX_REDIRECT_URIS, `at most ${MAX_REDIRECT_URIS}`),
  ),
  client_name: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100, 'at most 100 characters')),
  ),
  // A web page about the client (RFC 7591 §2), which a console or a consent page may one day link to: http(s) only, so
  // a `javascript:` or `data:` address never becomes a link.
  client_uri: v.optional(
    v.pipe(
      v.string(),
      v.url('must be a URL'),
      v.regex(/^https?:\/\//i, 'must be an http or https URL'),
      v.maxLength(500, 'at most 500 characters'),
    ),
  ),
  token_endpoint_auth_method: v.optional(v.picklist(AUTH_METHODS)),
  grant_types: v.optional(v.array(v.picklist(['authorization_code', 'refresh_token']))),
  response_types: v.optional(v.array(v.literal('code'))),
  scope: v.optional(v.pipe(v.string(), v.maxLength(500, 'at most 500 characters'))),
  client_id: v.optional(v.string()),
})

export type ReadClientMetadata = {
  name: string
  redirectUris: string[]
  authMethod: (typeof AUTH_METHODS)[number]
  scope: string | null
  clientUri: string | null
}

/** Reads and checks client metadata; `defaultAuth` differs between registration (RFC 7591) and documents. */
export function readClientMetadata(input: unknown, defaultAuth: ReadClientMetadata['authMethod']): ReadClientMetadata {
  // RFC 7591 metadata is a JSON object; a list or a bare value would otherwise be read as an object missing every
  // field.
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new ClientMetadataError('invalid_client_metadata', 'the metadata must be a JSON object')
  const parsed = v.safeParse(ClientMetadata, input)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const field = v.getDotPath(issue) ?? 'metadata'
    const kind = field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata'
    // The library's own words ("Invalid key: Expected …") name its checks; ours say what to send.
    const said =
      issue.kind === 'schema' && issue.input === undefined
        ? 'is required'
        : /^Invalid \w+: /.test(issue.message)
          ? 'is not valid'
          : issue.message
    throw new ClientMetadataError(kind, `${field}: ${said}`)
  }
  const m = parsed.output
  // Kept as sent, or refused: the database reads a text back cut at U+0000 and stores half a surrogate pair as U+FFFD,
  // so the consent page would show another name than the one registered, and the answer would not be what is stored.
  const unstorable = (['client_name', 'client_uri', 'scope', 'redirect_uris'] as const).find(
    (field) => unstorableText(m[field]) !== undefined,
  )
  if (unstorable)
    throw new ClientMetadataError(
      unstorable === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata',
      `${unstorable}: holds U+0000 or half of a UTF-16 surrogate pair, which is not text`,
    )
  for (const [i, uri] of m.redirect_uris.entries()) {
    const problem = redirectKindProblem(uri)
    if (problem) throw new ClientMetadataError('invalid_redirect_uri', `redirect_uris.${i}: ${problem}`)
  }
  // A native app's own scheme may name no host (RFC 8252 §7.1: `com.example.app:/path`); https and http must.
  const hostless = m.redirect_uris.findIndex((u) => !isPathOnlyPrivateUse(u) && !hasWrittenHost(u))
  if (hostless !== -1)
    throw new ClientMetadataError(
      'invalid_redirect_uri',
      `redirect_uris.${hostless}: names no host; write it as scheme://host/path`,
    )
  const backslashed = m.redirect_uris.findIndex(holdsBackslash)
  if (backslashed !== -1)
    throw new ClientMetadataError(
      'invalid_redirect_uri',
      `redirect_uris.${backslashed}: holds a backslash, which browsers read as a slash and other URL readers do not; write it as %5C, or / where a slash is meant`,
    )
  const strange = m.redirect_uris.findIndex(holdsNonUriText)
  if (strange !== -1)
    throw new ClientMetadataError(
      'invalid_redirect_uri',
      `redirect_uris.${strange}: holds a character that is no part of a URI (a space, tab or line break, a letter outside ASCII, one of "<>^\`{|}, or % without two hex digits), which browsers drop or read otherwise; percent-encode it in the path or query, and write an international host as xn--`,
    )
  const unplain = m.redirect_uris.findIndex((u) => !isPathOnlyPrivateUse(u) && !namesPlainHost(u))
  if (unplain !== -1)
    throw new ClientMetadataError(
      'invalid_redirect_uri',
      `redirect_uris.${unplain}: names its host with characters other than letters, digits, "-", "_" and "." (or an IP address), which URL readers end or decode in different places; write the host as a DNS name`,
    )
  if (m.scope !== undefined && !scopesOf(m.scope, null))
    throw new ClientMetadataError('invalid_client_metadata', 'scope: unknown scope')
  return {
    name: m.client_name ?? (new URL(m.redirect_uris[0]).host || new URL(m.redirect_uris[0]).protocol),
    redirectUris: m.redirect_uris,
    authMethod: m.token_endpoint_auth_method ?? defaultAuth,
    scope: withoutOfflineAccess(m.scope) || null,
    clientUri: m.client_uri ?? null,
  }
}
