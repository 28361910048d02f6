import { afterEach, describe, expect, test } from 'bun:test'
import {
  authorizeUrl,
  bearer,
  oauthWorld,
  obtainCode,
  obtainTokens,
  pkcePair,
  REDIRECT_URI,
  registerClient,
  tokenRequest,
} from '../../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

async function world() {
  const w = await oauthWorld()
  stop = w.stop
  return w
}

const usage = (base: string, token: string) => fetch(`${base}/api/v1/usage`, { headers: bearer(token) })
const revoke = (base: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  })
const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
})

describe('OAuth errors as RFC 6749 §5.2 names them (docs/oauth.md#tokens)', () => {
  test('a grant type other than the two, none, a repeated parameter, or another redirect_uri', async () => {
    const w = await world()
    const tokens = await obtainTokens(w)
    const password = await tokenRequest(w, { grant_type: 'password', client_id: tokens.clientId, username: 'x' })
    expect(password.body.error).toBe('unsupported_grant_type')
    expect((await tokenRequest(w, { client_id: tokens.clientId })).body.error).toBe('invalid_request')
    const twice = await fetch(`${w.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&grant_type=authorization_code&refresh_token=${tokens.refresh_token}&client_id=${tokens.clientId}`,
    })
    expect(twice.status).toBe(400)
    expect(await twice.json()).toEqual({
      error: 'invalid_request',
      error_description: 'grant_type is given more than once',
    })
    // The refresh token was not touched by the refused request.
    const form = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: tokens.clientId }
    expect((await tokenRequest(w, form)).status).toBe(200)

    const code = await obtainCode(w)
    const elsewhere = await tokenRequest(w, { ...code, redirect_uri: `${REDIRECT_URI}/other` })
    expect(elsewhere.body.error).toBe('invalid_grant')
  })

  test('a refresh may name the resource by either of its names, and no other', async () => {
    const w = await world()
    const tokens = await obtainTokens(w, { resource: w.base })
    let refreshToken = tokens.refresh_token
    for (const resource of [`${w.base}/mcp`, `${w.base}/`, w.base]) {
      const next = await tokenRequest(w, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: tokens.clientId,
        resource,
      })
      expect(next.status).toBe(200)
      refreshToken = next.body.refresh_token
    }
    const other = await tokenRequest(w, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: tokens.clientId,
      resource: 'https://other.example/mcp',
    })
    expect(other.body.error).toBe('invalid_target')
  })

  test('an authorization request without response_type, with a short code_challenge or a repeated parameter', async () => {
    const w = await world()
    const client = (await registerClient(w)).body
    const pkce = { code_challenge: pkcePair().challenge, code_challenge_method: 'S256', state: 's' }
    const errorOf = async (url: URL) => {
      const res = await fetch(url, { redirect: 'manual' })
      return Object.fromEntries(new URL(res.headers.get('location') as string).searchParams)
    }
    expect(await errorOf(authorizeUrl(w, client.client_id, { ...pkce, response_type: undefined }))).toMatchObject({
      error: 'invalid_request',
      error_description: 'response_type is required (response_type=code)',
    })
    const short = await errorOf(authorizeUrl(w, client.client_id, { ...pkce, code_challenge: 'abc' }))
    expect(short.error_description).toStartWith('code_challenge must be 43 to 128 characters')
    const repeated = authorizeUrl(w, client.client_id, pkce)
    repeated.searchParams.append('state', 'other')
    expect(await errorOf(repeated)).toMatchObject({
      error: 'invalid_request',
      error_description: 'state is given more than once',
    })
    const twoClients = authorizeUrl(w, client.client_id, pkce)
    twoClients.searchParams.append('client_id', 'lsc_other')
    const page = await fetch(twoClients, { redirect: 'manual' })
    expect(page.status).toBe(400)
    expect(page.headers.get('location')).toBeNull()
  })

  test('a loopback IP redirect URI comes back on any port; every other URI only as registered', async () => {
    const w = await world()
    const client = (await registerClient(w)).body // registered: http://127.0.0.1:53682/callback
    const code = await obtainCode(w, { client, redirectUri: 'http://127.0.0.1:40404/callback' })
    expect((await tokenRequest(w, code)).status).toBe(200)
    const pkce = { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }
    const local = (
      await registerClient(w, { redirect_uris: ['http://localhost:53682/callback', 'http://[::1]:8000/cb'] })
    ).body
    for (const [uri, allowed] of [
      ['http://localhost:40404/callback', false],
      ['http://127.0.0.1:40404/callback', false],
      ['http://[::1]:9/cb', true],
      ['http://[::1]/cb', true],
      ['http://[::1]:9/cb/other', false],
    ] as const) {
      const res = await fetch(authorizeUrl(w, local.client_id, { ...pkce, redirect_uri: uri }), { redirect: 'manual' })
      expect([uri, res.status]).toEqual([uri, allowed ? 302 : 400])
    }
  })

  test('a loopback URI registered or asked for in upper case comes back on any port too (RFC 3986 §3.1)', async () => {
    const w = await world()
    const upper = (await registerClient(w, { redirect_uris: ['HTTP://127.0.0.1:5000/cb'] })).body
    const lower = (await registerClient(w, { redirect_uris: ['http://[::1]:5000/cb'] })).body
    const pkce = { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }
    for (const [client, uri, allowed] of [
      [upper, 'HTTP://127.0.0.1:5000/cb', true],
      [upper, 'http://127.0.0.1:5000/cb', true],
      [upper, 'http://127.0.0.1:6000/cb', true],
      [upper, 'Http://127.0.0.1/cb', true],
      [upper, 'http://127.0.0.1:6000/CB', false],
      [upper, 'http://127.0.0.1:6000/cb/', false],
      [lower, 'HTTP://[::1]:7000/cb', true],
      [lower, 'HTTP://[::1]:7000/Cb', false],
    ] as const) {
      const res = await fetch(authorizeUrl(w, client.client_id, { ...pkce, redirect_uri: uri }), { redirect: 'manual' })
      expect([uri, res.status]).toEqual([uri, allowed ? 302 : 400])
    }
    // The code goes to the port the app asked with, and is exchanged there.
    const code = await obtainCode(w, { client: upper, redirectUri: 'http://127.0.0.1:40404/cb' })
    expect((await tokenRequest(w, code)).status).toBe(200)
  })

  test('a client that named no redirect_uri when it asked exchanges its code without one (RFC 6749 §4.1.3)', async () => {
    const w = await world()
    const client = (await registerClient(w)).body // one redirect URI: it may be left out of the request
    const cookie = await w.signIn()
    const exchange = async (form: Record<string, string>) => {
      const { verifier, challenge } = pkcePair()
      const url = authorizeUrl(w, client.client_id, {
        code_challenge: challenge,
        code_challenge_method: 'S256',
        redirect_uri: undefined,
      })
      const answer = await w.consent(url, cookie)
      expect(answer.redirect?.origin + (answer.redirect?.pathname ?? '')).toBe(REDIRECT_URI)
      const code = answer.redirect?.searchParams.get('code') ?? ''
      return tokenRequest(w, { grant_type: 'authorization_code', code, code_verifier: verifier, ...form })
    }
    const without = await exchange({ client_id: client.client_id })
    expect([without.status, without.body.error]).toEqual([200, undefined])
    expect(without.body.access_token).toMatch(/^[0-9a-f]{64}$/)
    // Sent anyway, it must still be the one the code went to.
    expect((await exchange({ client_id: client.client_id, redirect_uri: REDIRECT_URI })).status).toBe(200)
    const other = await exchange({ client_id: client.client_id, redirect_uri: 'http://127.0.0.1:53682/other' })
    expect([other.status, other.body.error]).toEqual([400, 'invalid_grant'])
    // A request that named it: the token request must name it too.
    const named = await obtainCode(w, { client })
    const { redirect_uri: _, ...withoutUri } = named
    const missing = await tokenRequest(w, withoutUri)
    // Said as missing, which it is: the library's words called it 'not a valid URI'.
    expect([missing.status, missing.body]).toEqual([
      400,
      {
        error: 'invalid_request',
        error_description: 'redirect_uri is required: the authorization request named one, so name the same here',
      },
    ])
    // Used up all the same, as by any failed attempt of its client.
    expect((await tokenRequest(w, named)).body.error).toBe('invalid_grant')
  })

  test('a client sending HTTP Basic uses no other way at the token endpoint (RFC 6749 §2.3)', async () => {
    const w = await world()
    const confidential = (await registerClient(w, { token_endpoint_auth_method: 'client_secret_basic' })).body
    const other = (await registerClient(w)).body
    const auth = basic(confidential.client_id, confidential.client_secret)
    const withOtherId = await tokenRequest(
      w,
      { ...(await obtainCode(w, { client: confidential })), client_id: other.client_id },
      auth,
    )
    expect([withOtherId.status, withOtherId.body.error]).toEqual([401, 'invalid_client'])
    expect(withOtherId.headers.get('www-authenticate')).toStartWith('Basic')
    const withFormSecret = await tokenRequest(
      w,
      { ...(await obtainCode(w, { client: confidential })), client_secret: 'anything' },
      auth,
    )
    expect([withFormSecret.status, withFormSecret.body.error]).toEqual([400, 'invalid_request'])
    // The same id in both places is one client, authenticated once.
    const ok = await tokenRequest(w, await obtainCode(w, { client: confidential }), auth)
    expect([ok.status, ok.body.token_type]).toEqual([200, 'Bearer'])
  })

  test('a loopback redirect URI whose port is not a port gets the error page, not a 500', async () => {
    const w = await world()
    const client = (await registerClient(w)).body // registered: http://127.0.0.1:53682/callback
    const pkce = { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }
    for (const uri of ['http://127.0.0.1:99999/callback', 'http://[::1]:65536/callback']) {
      // A valid request would wait for consent; one with an error would be sent back: neither may reach this URI.
      for (const params of [pkce, { response_type: 'token' }]) {
        const res = await fetch(authorizeUrl(w, client.client_id, { ...params, redirect_uri: uri }), {
          redirect: 'manual',
        })
        expect([uri, res.status, res.headers.get('location')]).toEqual([uri, 400, null])
        expect(await res.text()).toContain('not one this application registered')
      }
    }
  })
})

describe('revocation authenticates the client (RFC 7009 §2.1)', () => {
  test('a public client names itself; a confidential one sends its secret by HTTP Basic or the form', async () => {
    const w = await world()
    const open = await obtainTokens(w)
    const noClient = await revoke(w.base, `token=${open.access_token}`)
    expect(noClient.status).toBe(401)
    expect(((await noClient.json()) as any).error).toBe('invalid_client')
    const noToken = await revoke(w.base, `client_id=${open.clientId}`)
    expect(((await noToken.json()) as any).error).toBe('invalid_request')
    expect((await usage(w.base, open.access_token)).status).toBe(200)
    expect((await revoke(w.base, `token=${open.access_token}&client_id=${open.clientId}`)).status).toBe(200)
    expect((await usage(w.base, open.access_token)).status).toBe(401)

    const registered = await registerClient(w, { token_endpoint_auth_method: 'client_secret_basic' })
    const { client_id: id, client_secret: secret } = registered.body
    const form = await obtainCode(w, { client: registered.body })
    const issued = await tokenRequest(w, form, basic(id, secret))
    expect(issued.status).toBe(200)
    const token = issued.body.access_token as string
    for (const [body, headers] of [
      [`token=${token}&client_id=${id}`, {}],
      [`token=${token}`, basic(id, 'lscs_wrong')],
      [`token=${token}&client_secret=${secret}`, basic(id, secret)],
    ] as const) {
      const refused = await revoke(w.base, body, headers)
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect((await usage(w.base, token)).status).toBe(200)
    }
    const wrong = await revoke(w.base, `token=${token}`, basic(id, 'lscs_wrong'))
    expect(wrong.headers.get('www-authenticate')).toBe('Basic')
    // Another client's token: 200, and nothing happens to it.
    expect((await revoke(w.base, `token=${token}&client_id=${open.clientId}`)).status).toBe(200)
    expect((await usage(w.base, token)).status).toBe(200)
    expect((await revoke(w.base, `token=${token}`, basic(id, secret))).status).toBe(200)
    expect((await usage(w.base, token)).status).toBe(401)
  })
})
