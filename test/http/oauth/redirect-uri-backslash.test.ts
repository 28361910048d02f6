import { describe, expect, test } from 'bun:test'
import { authorizeUrl, oauthWorldsPerTest, pkcePair, registerClient } from '../../support/oauth'

// docs/oauth.md#clients: a backslash is no character of a URI (RFC 3986 §2, where it must be written %5C), and URL
// readers disagree on it: the WHATWG URL Standard, which browsers follow, reads it as a slash in an http or https URI
// (`https://app.example.com\@evil.example/cb` is host app.example.com, path /@evil.example/cb), an RFC 3986 reader
// as part of the user information (host evil.example). A redirect URI holding one is refused at registration,
// and one stored before is matched by no authorization request, so no code follows it.
const world = oauthWorldsPerTest()
const BACKSLASHED = [
  'https://app.example.com\\@evil.example/cb',
  'http://127.0.0.1\\@evil.example/cb',
  'http://127.0.0.1:8000/cb\\..\\..\\evil',
  'https://app.example.com/cb?next=\\\\evil.example',
]

describe('a redirect URI holding a backslash', () => {
  test('is refused at registration, saying what to write instead', async () => {
    const w = await world()
    for (const uri of BACKSLASHED) {
      const res = await registerClient(w, { redirect_uris: ['https://app.example.com/cb', uri] })
      expect([uri, res.status, res.body]).toEqual([
        uri,
        400,
        {
          error: 'invalid_redirect_uri',
          error_description:
            'redirect_uris.1: holds a backslash, which browsers read as a slash and other URL readers do not; write it as %5C, or / where a slash is meant',
        },
      ])
    }
    const ok = await registerClient(w, { redirect_uris: ['https://app.example.com/cb?next=%5C'] })
    expect([ok.status, ok.body.redirect_uris]).toEqual([201, ['https://app.example.com/cb?next=%5C']])
  })

  test('one stored before is matched by no authorization request: the user is shown an error page', async () => {
    const w = await world()
    const uri = BACKSLASHED[0]
    const client = await registerClient(w, { redirect_uris: ['https://app.example.com/cb'] })
    // As a registration before this check stored it.
    const row = await w.deps.repos.oauth.findClient(client.body.client_id)
    if (!row) throw new Error('the client was not stored')
    await w.deps.repos.oauth.saveClient({ ...row, redirectUris: JSON.stringify([uri]) })
    const { challenge } = pkcePair()
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256', state: 's' }
    // Named, or taken as the client's one redirect URI when the request names none.
    for (const redirect_uri of [uri, undefined]) {
      const res = await fetch(authorizeUrl(w, client.body.client_id, { ...pkce, redirect_uri }), { redirect: 'manual' })
      expect([redirect_uri, res.status, res.headers.get('location')]).toEqual([redirect_uri, 400, null])
      expect(res.headers.get('content-type')).toContain('text/html')
    }
  })
})
