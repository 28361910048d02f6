// An authorization request that fails before anyone signed in (RFC 9700 §4.11.2, the authorization server as an open
// redirector): anyone can register a client whose redirect URI is a phishing page, and a link to /oauth/authorize with
// a bad parameter would send its visitor there at once, from this service's address (docs/oauth.md#authorization).
import { afterAll, describe, expect, test } from 'bun:test'
import { authorizeUrl, oauthWorld, pkcePair, REDIRECT_URI, registerClient } from '../../support/oauth'

const stops: (() => void)[] = []
afterAll(() => {
  for (const halt of stops) halt()
})
const started = async () => {
  const w = await oauthWorld()
  stops.push(w.stop)
  return w
}
const PHISH = 'https://login-acme.example/oauth'

describe('an authorization request refused before sign-in', () => {
  test('to an https redirect URI is a page naming the error and linking back, not a redirect', async () => {
    const w = await started()
    const client = (await registerClient(w, { redirect_uris: [PHISH] })).body
    const { challenge } = pkcePair()
    const url = authorizeUrl(w, client.client_id, {
      redirect_uri: PHISH,
      code_challenge: challenge,
      code_challenge_method: 'plain',
      state: 's1',
    })
    const res = await fetch(url, { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(res.headers.get('content-type')).toStartWith('text/html')
    const page = await res.text()
    expect(page).toContain('login-acme.example')
    // The client still gets its error, by a link the user chooses to follow: RFC 6749's parameters, state and iss.
    const href = /<a href="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&') ?? ''
    const back = new URL(href)
    expect(`${back.origin}${back.pathname}`).toBe(PHISH)
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'invalid_request', state: 's1', iss: w.base })
  })

  test("to a loopback address (a native app's listener) or Swagger UI's own page it is still sent back at once", async () => {
    const w = await started()
    const client = (await registerClient(w)).body
    const { challenge } = pkcePair()
    for (const [id, redirect] of [
      [client.client_id, REDIRECT_URI],
      ['swagger-ui', `${w.base}/swagger/oauth2-redirect.html`],
    ]) {
      const url = authorizeUrl(w, id as string, { redirect_uri: redirect, code_challenge: challenge, scope: 'admin' })
      const res = await fetch(url, { redirect: 'manual' })
      expect(res.status).toBe(302)
      expect(new URL(res.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request')
    }
  })
})
