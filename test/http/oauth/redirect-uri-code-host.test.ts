import { describe, expect, test } from 'bun:test'
import { authorizeUrl, oauthWorldsPerTest, pkcePair, registerClient, tokenRequest } from '../../support/oauth'

// docs/oauth.md#consent: the page names the host the answer goes back to, read as a browser reads the redirect URI
// (the WHATWG URL Standard). The code's redirect must go to that host. The grant library built it with Node's legacy
// url.parse, which ends a host at `;`, `'`, `"`, `{` or a backquote and does not decode a percent-encoded host: each
// URI below was shown as one host on the consent page and its code sent to evil.example.
const world = oauthWorldsPerTest()
const SPLIT_HOSTS = [
  'https://evil.example;.app.example.com/cb',
  "https://evil.example'.app.example.com/cb",
  'https://evil.example".app.example.com/cb',
  'https://evil.example{.app.example.com/cb',
  'https://evil.example`.app.example.com/cb',
  // %E3%80%82 is U+3002, the ideographic full stop, which a browser's URL parser decodes and reads as a dot.
  'https://evil.example%E3%80%82app.example.com/cb',
]

describe('the code goes back to the host the consent page names', () => {
  test('for a redirect URI whose host URL readers end in different places', async () => {
    const w = await world()
    const cookie = await w.signIn()
    for (const uri of SPLIT_HOSTS) {
      const client = await registerClient(w, { redirect_uris: ['https://app.example.com/cb'] })
      // Stored as a registration before such a URI was refused (redirect-uri-read-alike.test.ts) stored it.
      const row = await w.deps.repos.oauth.findClient(client.body.client_id)
      if (!row) throw new Error(`the client of ${uri} was not stored`)
      await w.deps.repos.oauth.saveClient({ ...row, redirectUris: JSON.stringify([uri]) })
      const { verifier, challenge } = pkcePair()
      const url = authorizeUrl(w, row.id, {
        redirect_uri: uri,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'st',
      })
      const answer = await w.consent(url, cookie)
      const shown = answer.shown?.redirectHost
      expect([uri, answer.redirect?.host]).toEqual([uri, shown])
      expect(shown).not.toBe('evil.example')
      expect(answer.redirect?.pathname).toBe(new URL(uri).pathname)
      expect(answer.redirect?.searchParams.get('state')).toBe('st')
      expect(answer.redirect?.searchParams.get('iss')).toBe(w.base)
      // The code it carries is the one issued: it is exchanged with the redirect URI as registered.
      const code = answer.redirect?.searchParams.get('code') ?? ''
      const form = { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: row.id }
      const tokens = await tokenRequest(w, { ...form, redirect_uri: uri, resource: `${w.base}/mcp` })
      expect([uri, tokens.status]).toEqual([uri, 200])
    }
  })
})
