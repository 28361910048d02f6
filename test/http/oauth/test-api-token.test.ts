import { expect, test } from 'bun:test'
import { bearer, oauthWorldsPerTest, obtainTokens } from '../../support/oauth'

// docs/api.md#key-check: the earlier routes take OAuth tokens too (docs/oauth.md#scopes), and the key check told a
// developer who sent a token that their "API key is valid", naming a credential they never sent.

const world = oauthWorldsPerTest()

test('GET /api/routes/test-api names what was checked: the key, or the access token', async () => {
  const w = await world()
  const check = async (headers: Record<string, string>) =>
    (await fetch(`${w.base}/api/routes/test-api`, { headers })).json()
  expect(await check({ 'x-api-key': w.apiKey })).toEqual({ success: true, message: 'API key is valid for team "acme"' })
  const tokens = await obtainTokens(w, { scope: 'mentions:search' })
  expect(await check(bearer(tokens.access_token))).toEqual({
    success: true,
    message: 'access token is valid for team "acme"',
  })
})
