// docs/oauth.md#endpoints: a method an OAuth or discovery endpoint does not take is 405 with the methods it does take
// in `Allow` (RFC 9110 §15.5.6), in OAuth's error shape (RFC 6749 §5.2) with the CORS headers a browser-based client
// needs to read it (but at the authorization endpoint, which supports no CORS). It was the API's 404 `no such route`,
// without CORS, as if the endpoint did not exist.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { oauthWorld } from '../../support/oauth'

let w: Awaited<ReturnType<typeof oauthWorld>>
beforeAll(async () => {
  w = await oauthWorld({})
})
afterAll(() => w.stop())

const CASES = [
  { method: 'GET', path: '/oauth/token', allow: 'POST, OPTIONS' },
  { method: 'PUT', path: '/oauth/revoke', allow: 'POST, OPTIONS' },
  { method: 'GET', path: '/oauth/register', allow: 'POST, OPTIONS' },
  { method: 'DELETE', path: '/oauth/token', allow: 'POST, OPTIONS' },
  { method: 'POST', path: '/oauth/authorize', allow: 'GET, HEAD, OPTIONS' },
  { method: 'POST', path: '/.well-known/oauth-authorization-server', allow: 'GET, HEAD, OPTIONS' },
  { method: 'PATCH', path: '/.well-known/oauth-protected-resource', allow: 'GET, HEAD, OPTIONS' },
  { method: 'DELETE', path: '/.well-known/oauth-protected-resource/mcp', allow: 'GET, HEAD, OPTIONS' },
]

describe('a method an OAuth endpoint does not take', () => {
  test('is 405 with Allow, in the OAuth shape, readable from another origin', async () => {
    for (const c of CASES) {
      const res = await fetch(`${w.base}${c.path}`, { method: c.method, headers: { origin: 'https://app.example' } })
      expect({ at: `${c.method} ${c.path}`, status: res.status }).toEqual({ at: `${c.method} ${c.path}`, status: 405 })
      expect(res.headers.get('allow')).toBe(c.allow)
      // RFC 9700 §2.6: no CORS at the authorization endpoint (authorize-no-cors.test.ts).
      const cors = c.path === '/oauth/authorize' ? null : '*'
      expect(res.headers.get('access-control-allow-origin')).toBe(cors)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.json()).toEqual({
        error: 'invalid_request',
        error_description: `${c.path} does not take ${c.method}; use ${c.allow.split(', ')[0]}`,
      })
    }
  })

  test('the methods it takes still answer as before', async () => {
    const token = await fetch(`${w.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code',
    })
    // No client named: the token endpoint's own refusal, not the method's.
    expect(((await token.json()) as { error: string }).error).toBe('invalid_client')
    const metadata = await fetch(`${w.base}/.well-known/oauth-authorization-server`)
    expect(metadata.status).toBe(200)
    expect(((await metadata.json()) as { issuer: string }).issuer).toBe(w.base)
    const head = await fetch(`${w.base}/.well-known/oauth-protected-resource`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    // A browser-based MCP client's discovery sends mcp-protocol-version, which needs a preflight.
    for (const path of ['/oauth/token', '/.well-known/oauth-protected-resource/mcp']) {
      const preflight = await fetch(`${w.base}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    }
  })

  test('a path under /oauth that is no endpoint is still 404', async () => {
    const res = await fetch(`${w.base}/oauth/nothing`)
    expect(res.status).toBe(404)
  })
})
