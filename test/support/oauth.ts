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
  const { deps, clock } = await testDeps({ config: a.config as ConfigInput })
  const { team, apiKey } = await seedTeam(deps, { name: 'acme', plan: a.plan ?? 'growth' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: createApp(deps).fetch })
  const base = `http://127.0.0.1:${server.port}`
  const signIn = async (email = 'ann@acme.test') => {
    const res = await fetch(`${base}/console/api/session`, {
      method: 'POST',
      headers: { ...SAME_SITE, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`)
    return (res.headers.get('set-cookie') ?? '').split(';')[0]
  }
  /** What the console does: open the authorization URL, read the request, answer it; returns where it sends the browser. */
  const consent = async (authorizationUrl: string | URL, cookie: string, allow = true) => {
    const start = await fetch(authorizationUrl, { redirect: 'manual' })
    const location = start.headers.get('location') ?? ''
    const id = /^\/#\/authorize\/(.+)$/.exec(location)?.[1]
    if (!id) return { start, location }
    const headers = { ...SAME_SITE, cookie, 'content-type': 'application/json' }
    const shown = await (await fetch(`${base}/console/api/authorize/${id}`, { headers })).json()
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

/** An MCP client's OAuth state, kept in memory; the redirect to the authorization page is recorded for the test to follow. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed
  saved?: OAuthTokens
  verifier = ''
  authorizationUrl?: URL
  constructor(
    readonly redirectUrl: string,
    readonly clientMetadata: OAuthClientMetadata,
  ) {}
  clientInformation = () => this.info
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.info = info)
  tokens = () => this.saved
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens)
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url)
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier)
  codeVerifier = () => this.verifier
}
