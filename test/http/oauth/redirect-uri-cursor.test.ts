import { expect, test } from 'bun:test'
import { oauthWorldsPerTest, registerClient } from '../../support/oauth'

const world = oauthWorldsPerTest()

// docs/oauth.md#clients: Cursor registers three redirect URIs at once, its own scheme first (as its users report
// them in public issue trackers: cursor://anysphere.cursor-mcp/oauth/callback,
// https://www.cursor.com/agents/mcp/oauth/callback and http://localhost:8787/callback). `cursor:` is no domain name
// in reverse (RFC 8252 §7.1), so the registration is refused; Cursor shows the description to its user, who then
// needs to learn how to connect it after all.
test("Cursor's registration is refused with a description that tells its user to use an API key", async () => {
  const w = await world()
  const res = await registerClient(w, {
    client_name: 'Cursor',
    token_endpoint_auth_method: 'none',
    redirect_uris: [
      'cursor://anysphere.cursor-mcp/oauth/callback',
      'https://www.cursor.com/agents/mcp/oauth/callback',
      'http://localhost:8787/callback',
    ],
  })
  expect(res.status).toBe(400)
  expect(res.body.error).toBe('invalid_redirect_uri')
  const text = res.body.error_description as string
  expect(text).toStartWith('redirect_uris.0: ')
  expect(text).toContain('Cursor')
  expect(text).toContain('x-api-key')
  expect(text).toContain('docs/api.md#mcp-over-http')
  // Nothing was kept: the client list is as before.
  expect(await w.deps.repos.oauth.listClients()).toEqual([])
})
