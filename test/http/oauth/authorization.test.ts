import { afterEach, describe, expect, test } from 'bun:test'
import { authorizeUrl, oauthWorld, pkcePair, REDIRECT_URI, registerClient, tokenRequest } from '../../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

async function world(config: Record<string, unknown> = {}) {
  const w = await oauthWorld({ config })
  stop = w.stop
  return w
}

describe('the authorization endpoint (docs/oauth.md#authorization)', () => {
  test('metadata names S256 only, registration, client metadata documents and iss', async () => {
    const w = await world()
    const as = (await (await fetch(`${w.base}/.well-known/oauth-authorization-server`)).json()) as any
    expect(as).toMatchObject({
      issuer: w.base,
      code_challenge_methods_supported: ['S256'],
      registration_endpoint: `${w.base}/oauth/register`,
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      grant_types_supported: ['authorization_code', 'refresh_token'],
    })
    const mcp = (await (await fetch(`${w.base}/.well-known/oauth-protected-resource/mcp`)).json()) as any
    expect(mcp).toMatchObject({ resource: `${w.base}/mcp`, authorization_servers: [w.base] })
    const api = (await (await fetch(`${w.base}/.well-known/oauth-protected-resource`)).json()) as any
    expect(api.resource).toBe(w.base)
  })

  test('server.public_url names the issuer and resources behind a proxy', async () => {
    const w = await world({ server: { public_url: 'https://leads.example.com/' } })
    const as = (await (await fetch(`${w.base}/.well-known/oauth-authorization-server`)).json()) as any
    expect(as.issuer).toBe('https://leads.example.com')
    expect(as.token_endpoint).toBe('https://leads.example.com/oauth/token')
    const mcp = await await fetch(`${w.base}/mcp`, { method: 'POST' })
    expect(mcp.headers.get('www-authenticate')).toBe(
      'Bearer scope="signals:read signals:write leads:score mentions:search usage:read", ' +
        'resource_metadata="https://leads.example.com/.well-known/oauth-protected-resource/mcp"',
    )
  })

  test('an unregistered redirect URI or an unknown client gets a page, never a redirect', async () => {
    const w = await world()
    const client = (await registerClient(w)).body
    const { challenge } = pkcePair()
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' }
    for (const url of [
      authorizeUrl(w, client.client_id, { ...pkce, redirect_uri: 'https://evil.example/callback' }),
      authorizeUrl(w, client.client_id, { ...pkce, redirect_uri: `${REDIRECT_URI}/other` }),
      authorizeUrl(w, 'lsc_unknown', pkce),
    ]) {
      const res = await fetch(url, { redirect: 'manual' })
      expect(res.status).toBe(400)
      expect(res.headers.get('location')).toBeNull()
      expect(res.headers.get('content-type')).toContain('text/html')
      // No other site may frame it (frame-ancestors does not fall back to default-src).
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
  })

  test('without PKCE S256 the client gets invalid_request at its redirect URI, with state and iss', async () => {
    const w = await world()
    const client = (await registerClient(w)).body
    const { challenge } = pkcePair()
    for (const params of [
      { state: 'xyz' },
      { state: 'xyz', code_challenge: challenge, code_challenge_method: 'plain' },
      { state: 'xyz', code_challenge: challenge },
    ]) {
      const res = await fetch(authorizeUrl(w, client.client_id, params), { redirect: 'manual' })
      expect(res.status).toBe(302)
      const back = new URL(res.headers.get('location') as string)
      expect(back.origin + back.pathname).toBe(REDIRECT_URI)
      expect(Object.fromEntries(back.searchParams)).toMatchObject({
        error: 'invalid_request',
        state: 'xyz',
        iss: w.base,
      })
    }
    const implicit = await fetch(
      authorizeUrl(w, client.client_id, {
        response_type: 'token',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    )
    expect(new URL(implicit.headers.get('location') as string).searchParams.get('error')).toBe(
      'unsupported_response_type',
    )
  })

  test('a resource that is not this service is invalid_target; an unknown scope invalid_scope', async () => {
    const w = await world()
    const client = (await registerClient(w)).body
    const pkce = { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }
    const other = await fetch(authorizeUrl(w, client.client_id, { ...pkce, resource: 'https://other.example/mcp' }), {
      redirect: 'manual',
    })
    expect(new URL(other.headers.get('location') as string).searchParams.get('error')).toBe('invalid_target')
    const scope = await fetch(authorizeUrl(w, client.client_id, { ...pkce, scope: 'admin' }), { redirect: 'manual' })
    expect(new URL(scope.headers.get('location') as string).searchParams.get('error')).toBe('invalid_scope')
  })

  test('a state that is not printable ASCII is invalid_request at the redirect URI, before any consent', async () => {
    const w = await world()
    const client = (await registerClient(w)).body
    const pkce = { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }
    // RFC 6749 Appendix A.5: state is VSCHAR. "é" or a line break went to the consent page, and Allow then answered
    // 500 after using the request up and recording a connected app that never got a code.
    for (const state of ['café', 'a\nb', 'tab\there']) {
      const res = await fetch(authorizeUrl(w, client.client_id, { ...pkce, state }), { redirect: 'manual' })
      expect(res.status).toBe(302)
      const back = new URL(res.headers.get('location') as string, w.base)
      expect(back.origin + back.pathname).toBe(REDIRECT_URI)
      expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'invalid_request', state, iss: w.base })
    }
    const cookie = await w.signIn()
    const allowed = await w.consent(authorizeUrl(w, client.client_id, { ...pkce, state: 'a b ~!' }), cookie)
    expect(allowed.redirect?.searchParams.get('state')).toBe('a b ~!')
    expect(allowed.redirect?.searchParams.get('code')).toBeTruthy()
  })

  test('Deny sends access_denied back; the request cannot be answered twice', async () => {
    const w = await world()
    const client = (await registerClient(w)).body
    const url = authorizeUrl(w, client.client_id, {
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      state: 's1',
    })
    const cookie = await w.signIn()
    const denied = await w.consent(url, cookie, false)
    expect(Object.fromEntries(denied.redirect?.searchParams ?? [])).toMatchObject({
      error: 'access_denied',
      state: 's1',
      iss: w.base,
    })
    const id = denied.location.split('/').pop()
    const again = await fetch(`${w.base}/console/api/authorize/${id}`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ allow: true }),
    })
    expect(again.status).toBe(404)
  })

  test('Allow for a client removed while its request waited is 404, and connects nothing', async () => {
    const w = await world()
    const client = (await registerClient(w)).body
    // docs/security.md#what-is-bounded: a client nobody allowed goes a day after it registered, here while the
    // user's consent page is open (the next registration prunes it).
    w.clock.set(new Date(w.clock.now().getTime() + 24 * 3_600_000 - 5 * 60_000))
    const url = authorizeUrl(w, client.client_id, {
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    })
    const id = (await fetch(url, { redirect: 'manual' })).headers.get('location')?.split('/').pop()
    w.clock.set(new Date(w.clock.now().getTime() + 6 * 60_000))
    expect((await registerClient(w)).status).toBe(201)
    const headers = { 'sec-fetch-site': 'same-origin', cookie: await w.signIn(), 'content-type': 'application/json' }
    const allowed = await fetch(`${w.base}/console/api/authorize/${id}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ allow: true }),
    })
    // It was 500 internal error, with a connected app left behind for a client that no longer existed.
    expect([allowed.status, ((await allowed.json()) as any).error.code]).toEqual([404, 'not_found'])
    const { apps } = (await (await fetch(`${w.base}/console/api/connected-apps`, { headers })).json()) as any
    expect(apps).toEqual([])
  })

  test('the consent routes need a signed-in user', async () => {
    const w = await world()
    const client = (await registerClient(w)).body
    const url = authorizeUrl(w, client.client_id, {
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    })
    const id = (await fetch(url, { redirect: 'manual' })).headers.get('location')?.split('/').pop()
    const res = await fetch(`${w.base}/console/api/authorize/${id}`, { headers: { 'sec-fetch-site': 'same-origin' } })
    expect(res.status).toBe(401)
  })

  test('a wrong or missing PKCE verifier is refused, and the code is used up by the attempt', async () => {
    const w = await world()
    const client = (await registerClient(w)).body
    const { verifier, challenge } = pkcePair()
    const answer = await w.consent(
      authorizeUrl(w, client.client_id, { code_challenge: challenge, code_challenge_method: 'S256' }),
      await w.signIn(),
    )
    const code = answer.redirect?.searchParams.get('code') as string
    const form = { grant_type: 'authorization_code', code, client_id: client.client_id, redirect_uri: REDIRECT_URI }
    const wrong = await tokenRequest(w, { ...form, code_verifier: pkcePair().verifier })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('invalid_grant')
    const right = await tokenRequest(w, { ...form, code_verifier: verifier })
    expect(right.body.error).toBe('invalid_grant')

    const second = await w.consent(
      authorizeUrl(w, client.client_id, { code_challenge: challenge, code_challenge_method: 'S256' }),
      await w.signIn(),
    )
    // draft-ietf-oauth-v2-1 §4.1.3 requires the verifier for a code issued with a challenge, and §3.2.4 calls a
    // missing required parameter invalid_request; the attempt uses the code up all the same.
    const secondCode = second.redirect?.searchParams.get('code') as string
    const missing = await tokenRequest(w, { ...form, code: secondCode })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('invalid_request')
    expect(missing.body.error_description).toContain('code_verifier')
    const after = await tokenRequest(w, { ...form, code: secondCode, code_verifier: verifier })
    expect(after.body.error).toBe('invalid_grant')
  })

  test('a body that is JSON but not an object is invalid_client_metadata, not a missing redirect URI', async () => {
    const w = await world()
    for (const body of ['[]', 'null', '"Script"', '42', '[{"redirect_uris":["https://app.example/cb"]}]']) {
      const res = await fetch(`${w.base}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect({ body, status: res.status, answer: await res.json() }).toEqual({
        body,
        status: 400,
        answer: { error: 'invalid_client_metadata', error_description: 'the metadata must be a JSON object' },
      })
    }
  })
  test('registration checks redirect URIs: https or loopback, no fragment; it can be turned off', async () => {
    const w = await world()
    for (const uri of ['http://example.com/cb', 'https://example.com/cb#x', 'javascript:alert(1)', 'not a uri']) {
      const res = await registerClient(w, { redirect_uris: [uri] })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('invalid_redirect_uri')
    }
    const long = await registerClient(w, { client_name: 'x'.repeat(5_000) })
    expect(long.body).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'client_name: at most 100 characters',
    })
    const ok = await registerClient(w, { redirect_uris: ['https://app.example/cb', 'http://[::1]:8000/cb'] })
    expect(ok.status).toBe(201)
    expect(ok.body).toMatchObject({ client_name: 'Script', token_endpoint_auth_method: 'none' })
    // Text the database cannot keep as sent: "a\u0000b" was stored as "a" (and shown so on the consent page) while the
    // answer said "a\u0000b"; half a surrogate pair became U+FFFD.
    for (const client_name of ['Script\u0000 by someone else', 'Script \ud800']) {
      const refused = await registerClient(w, { client_name })
      expect([refused.status, refused.body.error]).toEqual([400, 'invalid_client_metadata'])
      expect(refused.body.error_description).toStartWith('client_name: ')
    }
    // docs/oauth.md#clients: the answer holds the grants the server honours, not the subset the request named.
    const narrow = await registerClient(w, { grant_types: ['authorization_code'], response_types: [] })
    expect(narrow.body).toMatchObject({
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    })
    for (const client_uri of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://app.example/']) {
      const refused = await registerClient(w, { client_uri })
      expect([refused.status, refused.body]).toEqual([
        400,
        { error: 'invalid_client_metadata', error_description: 'client_uri: must be an http or https URL' },
      ])
    }
    expect((await registerClient(w, { client_uri: 'https://app.example/about' })).status).toBe(201)
    const other = await registerClient(w, { grant_types: ['client_credentials'] })
    expect([other.status, other.body.error]).toEqual([400, 'invalid_client_metadata'])
    stop?.()
    const off = await world({ oauth: { dynamic_registration: false } })
    expect((await registerClient(off)).status).toBe(403)
    const as = (await (await fetch(`${off.base}/.well-known/oauth-authorization-server`)).json()) as any
    expect(as.registration_endpoint).toBeUndefined()
  })
})
