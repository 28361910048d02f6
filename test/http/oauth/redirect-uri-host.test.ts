import { describe, expect, test } from 'bun:test'
import { oauthWorldsPerTest, registerClient } from '../../support/oauth'

const world = oauthWorldsPerTest()

describe('a redirect URI names its host (docs/oauth.md#clients, RFC 7591 §3.2.2)', () => {
  test('one written without a host is refused, not stored as the host a URL parser would guess', async () => {
    const w = await world()
    // A URL parser reads each of these as https://cb/ (or http://127.0.0.1/cb): the slashes it skips are not there.
    for (const uri of ['https:///cb', 'https:/cb', 'https:cb', 'http:///127.0.0.1/cb', 'https:\\\\app.example\\cb']) {
      const res = await registerClient(w, { redirect_uris: ['https://app.example/cb', uri] })
      expect([uri, res.status, res.body]).toEqual([
        uri,
        400,
        {
          error: 'invalid_redirect_uri',
          error_description: 'redirect_uris.1: names no host; write it as scheme://host/path',
        },
      ])
    }
    const ok = await registerClient(w, { redirect_uris: ['https://app.example/cb', 'http://[::1]:8000/cb'] })
    expect([ok.status, ok.body.redirect_uris]).toEqual([201, ['https://app.example/cb', 'http://[::1]:8000/cb']])
  })
})
