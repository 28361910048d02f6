import { afterEach } from 'bun:test'
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import { createApp } from '../../src/app'
import type { ConfigInput } from '../../src/config/schema'
import { createUser } from '../../src/domain/users/users'
import { seedTeam, testDeps } from './deps'

export const PASSWORD = 'correct horse battery'
const SAME_SITE = { 'sec-fetch-site': 'same-origin' }

/** The real app on 127.0.0.1 with a team, an owner who can sign in, and helpers for the console's consent step. */
export async function oauthWorld(a: { config?: Record<string, unknown>; plan?: string } = {}) {
  // Today, not the suite's fixed date: a browser drops a session cookie whose expiry has passed by its own clock.
  const { deps, clock } = await testDeps({ config: a.config as ConfigInput, now: new Date().toISOString() })
  const { team, apiKey } = await seedTeam(deps, { name: 'acme', plan: a.plan ?? 'growth' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: createApp(deps).fetch })
  const base = `http://127.0.0.1:${server.port}`
  const signIn = async (email = 'ann@acme.test', password = PASSWORD) => {
    const res = await fetch(`${base}/console/api/session`, {
      method: 'POST',
      headers: { ...SAME_SITE, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`)
    return (res.headers.get('set-cookie') ?? '').split(';')[0]
  }
  /**
   * What the console does: open the authorization URL, read the request, answer it; returns where it sends the browser.
   */
  const consent = async (authorizationUrl: string | URL, cookie: string, allow = true) => {
    const start = await fetch(authorizationUrl, { redirect: 'manual' })
    const location = start.headers.get('location') ?? ''
    const id = /^\/#\/authorize\/(.+)$/.exec(location)?.[1]
    if (!id) return { start, location }
    const headers = { ...SAME_SITE, cookie, 'content-type': 'application/json' }
    const shown = (await (await fetch(`${base}/console/api/authorize/${id}`, { headers })).json()) as any
    const decided = await fetch(`${base}/console/api/authorize/${id}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ allow }),
    })
    const { redirect } = (await decided.json()) as { redirect: string }
    return { start, location, shown, redirect: new URL(redirect) }
  }
  return { deps, clock, team, apiKey, base, server, signIn, consent, stop: () => server.stop(true) }
}

/** `oauthWorld` for tests that start one each: the world a test started is stopped after it. */
export function oauthWorldsPerTest() {
  let stop: (() => void) | undefined
  afterEach(() => {
    stop?.()
    stop = undefined
  })
  return async (a: Parameters<typeof oauthWorld>[0] = {}) => {
    const w = await oauthWorld(a)
    stop = w.stop
    return w
  }
}

/**
 * An MCP client's OAuth state, kept in memory; the redirect to the authorization page is recorded for the test to
 * follow.
 */
export class MemoryOAuthProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed
  saved?: OAuthTokens
  verifier = ''
  authorizationUrl?: URL
  constructor(
    readonly redirectUrl: string,
    readonly clientMetadata: OAuthClientMetadata,
  ) {}
  clientInformation() {
    return this.info
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
}

type World = Awaited<ReturnType<typeof oauthWorld>>
export const REDIRECT_URI = 'http://127.0.0.1:53682/callback'

/** A PKCE pair: the verifier and its S256 challenge. */
export function pkcePair() {
  const verifier = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
  const challenge = new Bun.CryptoHasher('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

export async function registerClient(world: World, metadata: Record<string, unknown> = {}) {
  const res = await fetch(`${world.base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Script',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
      ...metadata,
    }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

export function authorizeUrl(world: World, clientId: string, params: Record<string, string | undefined>) {
  const url = new URL(`${world.base}/oauth/authorize`)
  const all = { response_type: 'code', client_id: clientId, redirect_uri: REDIRECT_URI, ...params }
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v)
  return url
}

export async function tokenRequest(world: World, form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${world.base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  })
  return { status: res.status, body: (await res.json()) as Record<string, any>, headers: res.headers }
}

/** Register, authorize and allow, as a script would: the token request that would exchange the code. */
export async function obtainCode(
  world: World,
  a: {
    scope?: string
    resource?: string
    email?: string
    password?: string
    client?: Record<string, any>
    redirectUri?: string
  } = {},
) {
  const client = a.client ?? (await registerClient(world)).body
  const { verifier, challenge } = pkcePair()
  const resource = a.resource ?? `${world.base}/mcp`
  const redirectUri = a.redirectUri ?? REDIRECT_URI
  const url = authorizeUrl(world, client.client_id, {
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: a.scope,
    resource,
    redirect_uri: redirectUri,
  })
  const answer = await world.consent(url, await world.signIn(a.email, a.password))
  const code = answer.redirect?.searchParams.get('code')
  if (!code) throw new Error(`no code: ${answer.location}`)
  return {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: client.client_id as string,
    redirect_uri: redirectUri,
    resource,
  }
}

/** The whole flow by HTTP, as a script would run it: register, authorize, allow, exchange. */
export async function obtainTokens(world: World, a: Parameters<typeof obtainCode>[1] = {}) {
  const form = await obtainCode(world, a)
  const tokens = await tokenRequest(world, form)
  if (tokens.status !== 200) throw new Error(`token request answered ${tokens.status} ${JSON.stringify(tokens.body)}`)
  return {
    clientId: form.client_id,
    ...(tokens.body as { access_token: string; refresh_token: string; scope: string }),
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
