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
