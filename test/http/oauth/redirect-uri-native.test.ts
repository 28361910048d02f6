// docs/oauth.md#clients: the redirect URIs a native app may register. RFC 8252 §7.1 and OAuth 2.1 (draft-ietf-oauth-
// v2-1 §8.4.1, "Private-Use URI Scheme Redirection") let it use a scheme of its own named after a domain it controls,
// in reverse (`com.example.app:/oauth2redirect`); §8.4 of RFC 8252 (and §2.3.1 of the draft) asks the server to refuse
// one without a period, such as `myapp:` or `cursor:`. Every scheme but https and http was refused, the allowed one
// too, with a message naming no URI.
import { describe, expect, test } from 'bun:test'
import { authorizeUrl, oauthWorldsPerTest, pkcePair, registerClient, tokenRequest } from '../../support/oauth'

const world = oauthWorldsPerTest()
const NATIVE = 'com.example.app:/oauth2redirect/lead-signals'

describe('redirect URIs of native apps (RFC 8252 §7)', () => {
  test('each accepted form is registered as written', async () => {
    const w = await world()
    const forms = [
      NATIVE,
      'com.example.app://callback/lead-signals',
      'http://127.0.0.1:8080/cb',
      'http://[::1]/cb',
      'http://localhost:3000/cb',
      'https://app.example.com/cb',
    ]
    for (const uri of forms) {
      const res = await registerClient(w, { redirect_uris: [uri] })
      expect([uri, res.status, res.body.redirect_uris]).toEqual([uri, 201, [uri]])
    }
  })

  test('each refused form is invalid_redirect_uri, naming the URI and what to write instead', async () => {
    const w = await world()
    const noDomain =
      'uses a scheme of its own that is no domain name in reverse (RFC 8252 §7.1, §8.4); write one such as com.example.app:/callback, or use http://127.0.0.1:PORT/path or https'
    const refused: [string, string][] = [
      ['myapp:/cb', noDomain],
      ['javascript:alert(1)', noDomain],
      ['http://app.example.com/cb', 'is http on a host other than 127.0.0.1, [::1] or localhost; use https'],
      ['com.example.app:cb', 'has no "/" after its scheme; write it as com.example.app:/path'],
      [`${NATIVE}#x`, 'holds a fragment (#), which a redirect URI may not have (RFC 6749 §3.1.2)'],
    ]
    for (const [uri, why] of refused) {
      const res = await registerClient(w, { redirect_uris: ['https://app.example.com/cb', uri] })
      expect([uri, res.status, res.body]).toEqual([
        uri,
        400,
        { error: 'invalid_redirect_uri', error_description: `redirect_uris.1: ${why}` },
      ])
    }
  })

  test('a private-use redirect URI gets the code, and the code gets tokens', async () => {
    const w = await world()
    const client = (await registerClient(w, { client_name: 'Native', redirect_uris: [NATIVE] })).body
    const { verifier, challenge } = pkcePair()
    const params = { code_challenge: challenge, code_challenge_method: 'S256', redirect_uri: NATIVE, state: 's1' }
    const answer = await w.consent(authorizeUrl(w, client.client_id, params), await w.signIn())
    // The consent page names the app's scheme as where the answer goes, and warns as for a loopback address: any
    // program on the computer can claim a scheme.
    expect([answer.shown.redirectHost, answer.shown.redirectLocal]).toEqual(['com.example.app:', true])
    const back = answer.redirect as URL
    expect(`${back.protocol}${back.pathname}`).toBe(NATIVE)
    expect([back.searchParams.get('state'), back.searchParams.get('iss')]).toEqual(['s1', w.base])
    const form = {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      code_verifier: verifier,
      client_id: client.client_id,
      redirect_uri: NATIVE,
    }
    const tokens = await tokenRequest(w, form)
    expect([tokens.status, tokens.body.token_type]).toEqual([200, 'Bearer'])
  })
})
