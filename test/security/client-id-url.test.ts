// A client id that looks like a URL and does not parse names no client: 400, never 500 (docs/oauth.md#clients).
import { afterEach, describe, expect, test } from 'bun:test'
import { oauthWorld, pkcePair, REDIRECT_URI, tokenRequest } from '../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

const BROKEN = ['https://', 'https://%zz', 'https://[::1', 'http://[v1.x]']

describe('unparseable client id URLs', () => {
  test('authorize answers 400 without a redirect, and the token endpoint invalid_client', async () => {
    const w = await oauthWorld({ config: { oauth: { allow_private_client_urls: true } } })
    stop = w.stop
    for (const id of BROKEN) {
      const url = new URL(`${w.base}/oauth/authorize`)
      const params = {
        response_type: 'code',
        client_id: id,
        redirect_uri: REDIRECT_URI,
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      }
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
      const res = await fetch(url, { redirect: 'manual' })
      expect(res.status).toBe(400)
      expect(res.headers.get('location')).toBeNull()
      const token = await tokenRequest(w, {
        grant_type: 'authorization_code',
        client_id: id,
        code: 'x',
        code_verifier: 'y'.repeat(43),
        redirect_uri: REDIRECT_URI,
      })
      expect(token.status).toBeGreaterThanOrEqual(400)
      expect(token.status).toBeLessThan(500)
      expect(token.body.error).toBe('invalid_client')
    }
  })
})
