import { expect, test } from 'bun:test'
import { MCP_SCOPES } from '../../../src/domain/oauth/scopes'
import { obtainTokens, oauthWorldsPerTest, registerClient, tokenRequest } from '../../support/oauth'

const world = oauthWorldsPerTest()

// docs/oauth.md#scopes: `offline_access` is OpenID Connect's way to ask for a refresh token (OpenID Connect Core 1.0
// §11), which MCP clients may add (MCP SEP-2207) and some add whatever the metadata lists. Every grant here gets a
// refresh token, so the word is accepted wherever a scope is read and asks for nothing more.
test('offline_access is accepted at registration, authorization and refresh, and adds no scope', async () => {
  const w = await world()
  const reg = await registerClient(w, { scope: 'signals:read usage:read offline_access' })
  expect(reg.status).toBe(201)
  const tokens = await obtainTokens(w, { client: reg.body, scope: 'signals:read offline_access' })
  expect(tokens.scope).toBe('signals:read')
  expect(tokens.refresh_token).toBeString()
  const refreshed = await tokenRequest(w, {
    grant_type: 'refresh_token',
    refresh_token: tokens.refresh_token,
    client_id: tokens.clientId,
    scope: 'offline_access signals:read',
  })
  expect(refreshed.status).toBe(200)
  expect(refreshed.body.scope).toBe('signals:read')
  expect(refreshed.body.refresh_token).toBeString()
})

test('offline_access alone is a request that names no scope: the default of the address', async () => {
  const w = await world()
  expect((await obtainTokens(w, { scope: 'offline_access' })).scope).toBe(MCP_SCOPES.join(' '))
})

test('a scope that is unknown is still refused next to offline_access', async () => {
  const w = await world()
  const reg = await registerClient(w, { scope: 'offline_access openid' })
  expect(reg.status).toBe(400)
  expect(reg.body.error).toBe('invalid_client_metadata')
})
