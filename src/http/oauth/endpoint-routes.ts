import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { startAuthorization } from '../../domain/oauth/authorization'
import { ClientMetadataError } from '../../domain/oauth/client-metadata'
import { registerClient, TooManyClientsError } from '../../domain/oauth/clients'
import { readParams } from '../../domain/oauth/params'
import { sentAtOnce } from '../../domain/oauth/redirect-uri'
import { createRefreshBound, REFRESHES_PER_FAMILY } from '../../domain/oauth/refresh-rate'
import { publicBase } from '../../domain/oauth/resources'
import { exchangeToken, revokeToken } from '../../domain/oauth/token-endpoint'
import { createRateWindow } from '../../lib/rate-window'
import { readBodyText } from '../../wire/body'
import { givenTwice, keyGivenTwice } from '../../wire/json-keys'
import { clientAddress } from '../client-address'
import {
  errorLinkPage,
  errorPage,
  oauthAnswer,
  oauthError,
  POSTED,
  preflight,
  READ,
  withoutCors,
  wrongMethod,
} from './answers'

// A registration is a few hundred bytes; 5 redirect URIs of 512 characters fit well within this.
const REGISTRATION_MAX_BYTES = 16_384
const AUTHORIZE_PER_10_MINUTES = 60

const tooMany = (seconds: number, description = 'too many requests from this address; try again later') =>
  oauthAnswer({
    status: 429,
    body: { error: 'temporarily_unavailable', error_description: description },
    headers: { 'retry-after': String(seconds), 'cache-control': 'no-store' },
  })

// A refresh token's family past its bound: the token is not used up, so the client retries it after Retry-After.
const tooManyRefreshes = (seconds: number) =>
  tooMany(
    seconds,
    `this grant was refreshed ${REFRESHES_PER_FAMILY} times in 10 minutes; try again in ${seconds} s with the same refresh token`,
  )

/**
 * The authorization server's endpoints (docs/oauth.md#endpoints): authorize (to the console's consent page), token,
 * revoke and registration. Their errors are OAuth's ({error, error_description}), not the API's.
 */
export const oauthEndpointRoutes = (deps: Deps) => {
  const base = (request: Request) => publicBase(deps.config, request.url)
  const maxBytes = deps.config.server.max_body_bytes
  const form = async (request: Request) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? ''))
      return { refusal: formOnly() }
    const { values, repeated, resources } = readParams(new URLSearchParams(await readBodyText(request, maxBytes)))
    if (repeated) return { refusal: oauthError(400, 'invalid_request', `${repeated} is given more than once`) }
    return { values, resources }
  }
  // docs/security.md#what-is-bounded: what one client address may make this server store without a key.
  const registrations = createRateWindow(deps.config.oauth.registrations_per_hour, 3_600_000)
  const authorizations = createRateWindow(AUTHORIZE_PER_10_MINUTES, 600_000)
  const refreshes = createRefreshBound(deps)
  const addressOf = (request: Request, server: { requestIP(r: Request): { address: string } | null } | null) =>
    clientAddress(deps.config.server.trusted_proxies, server?.requestIP(request)?.address, request.headers)
  const formOnly = () => oauthError(400, 'invalid_request', 'send the parameters as application/x-www-form-urlencoded')
  return (
    new Elysia({ prefix: '/oauth', detail: { hide: true } })
      .get('/authorize', async ({ request, server }) => {
        const wait = authorizations.take(addressOf(request, server), deps.clock.now().getTime())
        if (wait !== undefined) return withoutCors(tooMany(wait))
        const start = await startAuthorization(deps, base(request), new URL(request.url).searchParams)
        if ('page' in start) return errorPage(start.page)
        if ('redirect' in start && !sentAtOnce(start.redirect, base(request))) return errorLinkPage(start.redirect)
        const location = 'redirect' in start ? start.redirect : `/#/authorize/${start.consent}`
        return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } })
      })
      .options('/*', preflight)
      .post(
        '/token',
        async ({ request }) => {
          const params = await form(request)
          if (params.refusal) return params.refusal
          const taken = await refreshes(params.values)
          if ('wait' in taken) return tooManyRefreshes(taken.wait)
          const headers = Object.fromEntries(request.headers)
          const answer = await exchangeToken(deps, base(request), params.values, headers, params.resources).catch(
            (err) => {
              taken.release()
              throw err
            },
          )
          if (answer.status !== 200) taken.release()
          return oauthAnswer(answer)
        },
        { parse: 'none' },
      )
      .post(
        '/revoke',
        async ({ request }) => {
          const params = await form(request)
          if (params.refusal) return params.refusal
          return oauthAnswer(
            await revokeToken(deps, base(request), params.values, request.headers.get('authorization')),
          )
        },
        { parse: 'none' },
      )
      .post(
        '/register',
        async ({ request, server }) => {
          if (!deps.config.oauth.dynamic_registration)
            return oauthError(403, 'access_denied', 'client registration is turned off on this server')
          // RFC 7591 §3.1: the metadata is a JSON document. A form or plain text, which any web page can post without
          // asking the browser first, is refused.
          if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? ''))
            return oauthError(400, 'invalid_client_metadata', 'send the client metadata as application/json')
          // The bound is on registrations made: a refused request gives its place back.
          const [address, at] = [addressOf(request, server), deps.clock.now().getTime()]
          const wait = registrations.take(address, at)
          if (wait !== undefined) return tooMany(wait)
          try {
            // The smaller bound of the two: a streamed body is read no further than server.max_body_bytes either.
            const text = await readBodyText(request, Math.min(maxBytes, REGISTRATION_MAX_BYTES))
            const body = JSON.parse(text)
            // A field named twice: the last value is not what a filter in front may have checked (docs/security.md).
            const twice = keyGivenTwice(text)
            if (twice !== undefined) throw new ClientMetadataError('invalid_client_metadata', givenTwice(twice))
            const { client, secret } = await registerClient(deps, body)
            return oauthAnswer({
              status: 201,
              body: registration(client, secret),
              headers: { 'cache-control': 'no-store' },
            })
          } catch (err) {
            registrations.release(address, at)
            if (err instanceof ClientMetadataError) return oauthError(400, err.error, err.message)
            if (err instanceof SyntaxError) return oauthError(400, 'invalid_client_metadata', 'the body is not JSON')
            if (err instanceof TooManyClientsError) return oauthError(503, 'temporarily_unavailable', err.message)
            // A body over the bound (413), a database that cannot be written (503): answered in OAuth's shape too
            // (oauthFailure).
            throw err
          }
        },
        { parse: 'none' },
      )
      // After each endpoint's own methods, so that only the others reach these.
      .all('/authorize', (context) => withoutCors(wrongMethod(READ)(context)))
      .all('/token', wrongMethod(POSTED))
      .all('/revoke', wrongMethod(POSTED))
      .all('/register', wrongMethod(POSTED))
  )
}

/** RFC 7591 §3.2.1: the client's information as registered. */
function registration(client: Awaited<ReturnType<typeof registerClient>>['client'], secret: string | undefined) {
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(Date.parse(client.createdAt) / 1000),
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: client.authMethod,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    ...(client.scope ? { scope: client.scope } : {}),
    ...(client.clientUri ? { client_uri: client.clientUri } : {}),
  }
}
