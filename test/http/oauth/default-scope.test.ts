import { expect, test } from 'bun:test'
import { MCP_SCOPES } from '../../../src/domain/oauth/scopes'
import { obtainTokens, oauthWorldsPerTest } from '../../support/oauth'

const world = oauthWorldsPerTest()

// docs/oauth.md#authorization: a request that names no scope gets a default (RFC 6749 §3.3). For the MCP address it is
// the tools' scopes, those its 401 and metadata name: a client that ignores them must not get webhooks:manage, which
// no tool uses and which would let an assistant's token send the team's leads elsewhere.
test('no scope asked: the MCP tools scopes for the MCP address, every scope for the API', async () => {
  const w = await world()
  expect((await obtainTokens(w, { resource: `${w.base}/mcp` })).scope).toBe(MCP_SCOPES.join(' '))
  expect((await obtainTokens(w, { resource: w.base })).scope).toContain('webhooks:manage')
  // Asked for by name, it is the user's to allow, at either address.
  const named = await obtainTokens(w, { resource: `${w.base}/mcp`, scope: 'usage:read webhooks:manage' })
  expect(named.scope).toBe('usage:read webhooks:manage')
})
