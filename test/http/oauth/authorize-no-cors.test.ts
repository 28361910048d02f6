// RFC 9700 §2.6: CORS must not be supported at the authorization endpoint, which a client reaches by sending the
// user's browser there, never by a request of its own script (docs/oauth.md#endpoints). The endpoint answered a
// preflight, a wrong method and its 429 with `Access-Control-Allow-Origin: *` like the token endpoint, which a
// browser-based client does call.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { authorizeUrl, oauthWorld, pkcePair, registerClient } from '../../support/oauth'

let w: Awaited<ReturnType<typeof oauthWorld>>
beforeAll(async () => {
  w = await oauthWorld({})
})
afterAll(() => w.stop())

const ORIGIN = { origin: 'https://app.example' }
const corsOf = (res: Response) => [...res.headers.keys()].filter((name) => name.startsWith('access-control-')).sort()

describe('the authorization endpoint', () => {
  test("answers another origin's preflight without CORS headers, saying which methods it takes", async () => {
    const res = await fetch(`${w.base}/oauth/authorize`, {
      method: 'OPTIONS',
      headers: { ...ORIGIN, 'access-control-request-method': 'GET' },
    })
    expect(res.status).toBe(204)
    expect(corsOf(res)).toEqual([])
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })

  test('answers a request, a wrong method and too many requests without CORS headers', async () => {
    const client = (await registerClient(w)).body
    const url = authorizeUrl(w, client.client_id, { code_challenge: pkcePair().challenge })
    const started = await fetch(url, { headers: ORIGIN, redirect: 'manual' })
    expect(started.status).toBe(302)
    expect(corsOf(started)).toEqual([])
    const posted = await fetch(`${w.base}/oauth/authorize`, { method: 'POST', headers: ORIGIN })
    expect(posted.status).toBe(405)
    expect(corsOf(posted)).toEqual([])
    // docs/security.md#what-is-bounded: 60 authorization requests per address in 10 minutes.
    let last = started
    for (let i = 0; i < 60 && last.status !== 429; i++) last = await fetch(url, { headers: ORIGIN, redirect: 'manual' })
    expect(last.status).toBe(429)
    expect(corsOf(last)).toEqual([])
  })

  test('the token endpoint, which a browser-based client calls, still answers its preflight with CORS', async () => {
    const res = await fetch(`${w.base}/oauth/token`, {
      method: 'OPTIONS',
      headers: { ...ORIGIN, 'access-control-request-method': 'POST' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })
})
