// Swagger UI's own client (docs/oauth.md#swagger-ui): known without registering, public, and answered only at the
// service's redirect page on the address the request came to.
import { afterEach, describe, expect, test } from 'bun:test'
import { authorizeUrl, bearer, oauthWorld, pkcePair, tokenRequest } from '../../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

async function world(config?: Record<string, unknown>) {
  const w = await oauthWorld({ config })
  stop = w.stop
  return w
}

const REDIRECT_PATH = '/swagger/oauth2-redirect.html'

describe('the built-in client swagger-ui', () => {
  test('its flow, as Swagger UI runs it, gives a token for the scope allowed; Connected apps names it; it can revoke', async () => {
    const w = await world()
    const cookie = await w.signIn()
    const { verifier, challenge } = pkcePair()
    const redirectUri = `${w.base}${REDIRECT_PATH}`
    const url = authorizeUrl(w, 'swagger-ui', {
      redirect_uri: redirectUri,
      scope: 'usage:read',
      state: 'abc',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    const answer = await w.consent(url, cookie)
    expect(answer.shown.client).toMatchObject({ id: 'swagger-ui', name: 'Swagger UI of this server', builtIn: true })
    expect(answer.shown.redirectHost).toBe(new URL(w.base).host)
    // The answer goes back to this server's own page, served where the user signed in: no other program listens
    // there, so the consent page has no loopback warning for it, even on 127.0.0.1 (docs/oauth.md#consent).
    expect(answer.shown.redirectLocal).toBe(false)
    const back = answer.redirect as URL
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri)
    expect(back.searchParams.get('state')).toBe('abc')
    // What Swagger UI posts: no secret, the verifier, its redirect URI.
    const tokens = await tokenRequest(w, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') as string,
      client_id: 'swagger-ui',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    })
    expect(tokens.status).toBe(200)
    expect(tokens.body.scope).toBe('usage:read')
    const usage = () => fetch(`${w.base}/api/v1/usage`, { headers: bearer(tokens.body.access_token) })
    expect((await usage()).status).toBe(200)

    const apps = await fetch(`${w.base}/console/api/connected-apps`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(((await apps.json()) as { apps: unknown[] }).apps).toEqual([
      expect.objectContaining({ client: 'Swagger UI of this server', clientId: 'swagger-ui', scopes: ['usage:read'] }),
    ])
    const revoked = await fetch(`${w.base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'swagger-ui', token: tokens.body.refresh_token }),
    })
    expect(revoked.status).toBe(200)
    expect((await usage()).status).toBe(401)
  })

  test('a redirect URI other than the service’s own redirect page, on the address asked, is shown an error page', async () => {
    const w = await world()
    const { challenge } = pkcePair()
    const other = new URL(w.base)
    other.port = String(Number(other.port) + 1)
    for (const redirectUri of [
      'http://127.0.0.1:53682/callback',
      `${w.base}/swagger/oauth2-redirect.html/x`,
      `${w.base}/oauth2-redirect.html`,
      `${other.origin}${REDIRECT_PATH}`,
      `https://evil.example${REDIRECT_PATH}`,
    ]) {
      const url = authorizeUrl(w, 'swagger-ui', {
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })
      const res = await fetch(url, { redirect: 'manual' })
      expect({ redirectUri, status: res.status, location: res.headers.get('location') }).toEqual({
        redirectUri,
        status: 400,
        location: null,
      })
      expect(await res.text()).toContain('The redirect URI is not one this application registered.')
    }
  })

  test('behind server.public_url, its redirect page is the one at that address', async () => {
    const w = await world({ server: { public_url: 'https://leads.example.com' } })
    const { challenge } = pkcePair()
    const ask = (redirectUri: string) =>
      fetch(
        authorizeUrl(w, 'swagger-ui', {
          redirect_uri: redirectUri,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        { redirect: 'manual' },
      )
    expect((await ask(`${w.base}${REDIRECT_PATH}`)).status).toBe(400)
    const res = await ask(`https://leads.example.com${REDIRECT_PATH}`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toStartWith('/#/authorize/')
  })
})
