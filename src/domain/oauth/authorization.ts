import OAuth2Server from '@node-oauth/oauth2-server'
import { randomBytes } from 'node:crypto'
import { AppError } from '../../errors'
import { newId } from '../../lib/ids'
import type { Needs } from '../needs'
import { isClientRedirect } from './built-in-client'
import { clientFor, storedClient, TooManyClientsError, UnknownClientError } from './clients'
import type { TokenUser } from './model'
import { redirectTarget } from './redirect-uri'
import { answerRedirect, errorRedirect } from './answer-redirect'
import { readParams } from './params'
import { requestedResource, resourcesOf } from './resources'
import { ALL_SCOPES, requestScopes, SCOPES, type Scope } from './scopes'
import { oauthServer } from './server'

type AuthDeps = Needs<'clock' | 'config', 'oauth'>

/** What GET /oauth/authorize answers: an error page (the redirect URI cannot be trusted), a redirect, or consent. */
type Start = { page: string } | { redirect: string } | { consent: string }

const REQUEST_MS = 10 * 60_000
const MAX_PENDING_REQUESTS = 1_000
const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/
// RFC 6749 Appendix A.5: state is printable ASCII (VSCHAR, space to tilde). The grant library refuses any other when
// the user answers, which is too late: the request would be used up with no answer for the client.
const STATE = /^[\x20-\x7e]*$/

/**
 * Checks an authorization request (docs/oauth.md#authorization) and keeps it for the user's decision. Until the
 * client and its redirect URI are known good, errors are shown, not sent anywhere; after that they go back to the
 * client with `state` and `iss` (RFC 9207).
 */
export async function startAuthorization(deps: AuthDeps, base: string, params: URLSearchParams): Promise<Start> {
  const { values, repeated, resources } = readParams(params)
  const q: Record<string, string | undefined> = values
  if (repeated === 'client_id' || repeated === 'redirect_uri')
    return { page: `The request gives ${repeated} more than once.` }
  if (!q.client_id) return { page: 'The request names no client (client_id is missing).' }
  let client: Awaited<ReturnType<typeof clientFor>>
  try {
    client = await clientFor(deps, q.client_id, base)
  } catch (err) {
    if (err instanceof UnknownClientError) return { page: `This application cannot be used: ${err.message}.` }
    if (err instanceof TooManyClientsError)
      return { page: 'Too many applications are waiting for their first authorization here; try again tomorrow.' }
    throw err
  }
  const redirectUri = q.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined)
  if (!redirectUri || !isClientRedirect(client, redirectUri))
    return { page: 'The redirect URI is not one this application registered.' }
  const fail = (error: string, description: string) => ({
    redirect: errorRedirect(base, redirectUri, q.state, error, description),
  })
  if (repeated) return fail('invalid_request', `${repeated} is given more than once`)
  // RFC 6749 §4.1.2.1: a missing parameter is a malformed request; a type the server does not issue is its own error.
  if (q.response_type === undefined) return fail('invalid_request', 'response_type is required (response_type=code)')
  if (q.response_type !== 'code') return fail('unsupported_response_type', 'only response_type=code is supported')
  if (!q.code_challenge || q.code_challenge_method !== 'S256')
    return fail('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256')
  if (!CHALLENGE.test(q.code_challenge))
    return fail('invalid_request', 'code_challenge must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~')
  if (q.state !== undefined && !STATE.test(q.state))
    return fail('invalid_request', 'state must be printable ASCII characters (space to ~)')
  const named = requestedResource(base, resources)
  const forMcp = 'resource' in named && named.resource === resourcesOf(base).mcp
  const scopes = requestScopes(q.scope, client.scope, forMcp)
  if (!scopes) return fail('invalid_scope', `scopes are: ${Object.keys(SCOPES).join(' ')}`)
  if ('refused' in named) return fail('invalid_target', named.refused)
  const resource = named.resource ?? base
  const now = deps.clock.now().getTime()
  // docs/security.md#what-is-bounded: requests wait at most 10 minutes, and only so many at once.
  if ((await deps.repos.oauth.pendingRequests(now)) >= MAX_PENDING_REQUESTS)
    return { page: 'Too many sign-in requests are waiting on this server; try again in a few minutes.' }
  const id = randomBytes(18).toString('base64url')
  await deps.repos.oauth.insertRequest(
    {
      id,
      clientId: client.id,
      redirectUri,
      redirectUriGiven: q.redirect_uri !== undefined,
      scope: scopes.join(' '),
      state: q.state ?? null,
      codeChallenge: q.code_challenge,
      resource,
      expiresAt: now + REQUEST_MS,
    },
    now,
  )
  return { consent: id }
}

/** What the consent page shows: who asks, where the answer goes, and what it may do. */
export async function describeRequest(deps: AuthDeps, base: string, id: string) {
  const request = await deps.repos.oauth.findRequest(id, deps.clock.now().getTime())
  if (!request) throw new AppError('not_found', 'this authorization request has expired or was answered')
  // The client as it was when the request was made (clientFor read its document then): reading it again here could
  // fail on a document server that is down and leave the page without an answer.
  const client = await clientOfRequest(deps, base, request.clientId)
  return {
    client: {
      id: client.id,
      name: client.name,
      uri: client.clientUri,
      verified: client.source === 'metadata_document',
      builtIn: client.source === 'built_in',
    },
    ...redirectTarget(request.redirectUri),
    // Swagger UI's answer goes to this server's own page, where the user is signed in: nothing else listens there.
    ...(client.source === 'built_in' ? { redirectLocal: false } : {}),
    scopes: request.scope.split(' ').map((name) => ({ name, description: SCOPES[name as Scope] })),
  }
}

/** The user's answer: a code for the client (Allow) or access_denied (Deny), as the URL to send the browser to. */
export async function decide(deps: AuthDeps, base: string, a: { id: string; userId: string; allow: boolean }) {
  const request = await deps.repos.oauth.takeRequest(a.id, deps.clock.now().getTime())
  if (!request) throw new AppError('not_found', 'this authorization request has expired or was answered')
  // A client nobody allowed is pruned a day after it came (docs/security.md#what-is-bounded), possibly while its
  // consent page is open: no grant is recorded for it, and the user is told, as the page itself would. The code is
  // issued to the client as held, as the page showed it, without reading its metadata document again.
  const client = await clientOfRequest(deps, base, request.clientId)
  if (!a.allow)
    return errorRedirect(
      base,
      request.redirectUri,
      request.state ?? undefined,
      'access_denied',
      'the user denied access',
    )
  // docs/oauth.md#connected-apps: the tokens of an earlier Allow keep their scopes, so the grant lists them too; a
  // request for fewer does not hide what the app can still do. The grant is saved with the code, by the library's
  // call to saveAuthorizationCode: when the code cannot be issued, no connected app is left that no token came from.
  const earlier = await deps.repos.oauth.findGrant(a.userId, request.clientId)
  const earlierScopes = earlier?.scope.split(' ') ?? []
  const grant = {
    id: earlier?.id ?? newId('grant'),
    userId: a.userId,
    clientId: request.clientId,
    scope: ALL_SCOPES.filter((s) => earlierScopes.includes(s) || request.scope.split(' ').includes(s)).join(' '),
    createdAt: deps.clock.now().toISOString(),
  }
  const user: Omit<TokenUser, 'familyId'> = {
    id: a.userId,
    grantId: grant.id,
    grant,
    resource: request.resource,
    redirectUriGiven: request.redirectUriGiven,
  }
  const query = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scope,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    ...(request.state ? { state: request.state } : {}),
  }
  let issued: OAuth2Server.AuthorizationCode
  try {
    issued = await oauthServer(deps, { base, client }).authorize(
      new OAuth2Server.Request({ method: 'GET', headers: {}, query, body: {} }),
      new OAuth2Server.Response({ headers: {} }),
      { authenticateHandler: { handle: () => user } },
    )
  } catch (err) {
    // The client as held now no longer allows what it asked for: its metadata document, read again since, dropped
    // the redirect URI or narrowed the scopes. The request is used up and nothing is kept; the user is told, and
    // the redirect URI, no longer the client's, is not followed.
    if (err instanceof OAuth2Server.OAuthError && err.code < 500)
      throw new AppError(
        'invalid_request',
        'this application has changed its registration since it asked, and no longer allows this request; start again from the application',
      )
    throw err
  }
  // Not the library's own Location: it comes from Node's legacy url.parse, which ends a host at `;` or `'` and leaves
  // `%E3%80%82` in it undecoded, so the code went to another host than the consent page named.
  return answerRedirect(base, request.redirectUri, request.state, { code: issued.authorizationCode })
}

async function clientOfRequest(deps: AuthDeps, base: string, clientId: string) {
  const client = await storedClient(deps, clientId, base)
  if (!client) throw new AppError('not_found', 'the application of this authorization request is no longer registered')
  return client
}
