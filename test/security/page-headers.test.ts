// Every page the service serves to a browser keeps other sites from framing it (CSP frame-ancestors 'none', so none of
// its links or buttons can be clicked through another site's page), from sniffing its type and from learning its
// address through a link followed out of it (docs/security.md#pages). The served documentation (/docs) had a CSP
// without frame-ancestors and no Referrer-Policy, and Swagger UI no Referrer-Policy.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { oauthWorld } from '../support/oauth'

let w: Awaited<ReturnType<typeof oauthWorld>>
beforeAll(async () => {
  w = await oauthWorld({})
})
afterAll(() => w.stop())

const PAGES = [
  '/',
  '/swagger',
  '/swagger/oauth2-redirect.html',
  '/docs',
  '/docs/oauth',
  '/docs/config.example.toml',
  '/unsubscribe',
  '/oauth/authorize',
]

describe('every page of the service', () => {
  test('forbids framing and sniffing, and sends no address to other sites', async () => {
    for (const path of PAGES) {
      const res = await fetch(`${w.base}${path}`, { redirect: 'manual' })
      const headers = {
        path,
        frameAncestors: /(?:^|;)\s*frame-ancestors 'none'/.test(res.headers.get('content-security-policy') ?? ''),
        nosniff: res.headers.get('x-content-type-options'),
        referrer: ['same-origin', 'no-referrer'].includes(res.headers.get('referrer-policy') ?? ''),
      }
      expect(headers).toEqual({ path, frameAncestors: true, nosniff: 'nosniff', referrer: true })
    }
  })
})

describe('every JSON answer of the service', () => {
  test('forbids sniffing too, on success and on failure, from the API, the console, OAuth and MCP', async () => {
    const key = { 'x-api-key': w.apiKey }
    const answers: [string, RequestInit?][] = [
      ['/api/v1/usage', { headers: key }],
      ['/api/v1/usage'],
      ['/api/v1/nothing-here', { headers: key }],
      ['/api/routes/usage', { headers: key }],
      ['/healthz'],
      ['/swagger/json'],
      ['/console/api/me'],
      ['/.well-known/oauth-authorization-server'],
      ['/oauth/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'password' }) }],
      ['/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
    ]
    for (const [path, init] of answers) {
      const res = await fetch(`${w.base}${path}`, init)
      await res.arrayBuffer()
      const type = res.headers.get('content-type') ?? ''
      const seen = {
        path,
        status: res.status,
        json: type.includes('json'),
        nosniff: res.headers.get('x-content-type-options'),
      }
      expect(seen).toEqual({ path, status: res.status, json: true, nosniff: 'nosniff' })
    }
  })
})
