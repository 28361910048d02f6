// A client that signs in from the MCP address alone, before any request has been refused (a "connect" button), has no
// challenge to read its scopes from: MCP's authorization has it ask for the scopes_supported of the MCP endpoint's
// protected resource metadata (docs/oauth.md#discovery).
import { afterAll, describe, expect, test } from 'bun:test'
import { auth } from '@modelcontextprotocol/sdk/client/auth.js'
import { MemoryOAuthProvider, oauthWorld, REDIRECT_URI } from '../support/oauth'

const stops: (() => void)[] = []
afterAll(() => {
  for (const halt of stops) halt()
})

const TOOL_SCOPES = 'signals:read signals:write leads:score mentions:search usage:read'

describe('scopes_supported of the MCP endpoint', () => {
  test('a client signing in before its first request asks for the scopes of the tools, not webhooks:manage', async () => {
    const w = await oauthWorld()
    stops.push(w.stop)
    const provider = new MemoryOAuthProvider(REDIRECT_URI, {
      client_name: 'Eager assistant',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    })
    expect(await auth(provider, { serverUrl: new URL(`${w.base}/mcp`) })).toBe('REDIRECT')
    expect(provider.authorizationUrl?.searchParams.get('scope')).toBe(TOOL_SCOPES)
    // The REST API's document still lists every scope: an app managing destinations asks for webhooks:manage there.
    const api = (await (await fetch(`${w.base}/.well-known/oauth-protected-resource`)).json()) as any
    expect(api.scopes_supported).toContain('webhooks:manage')
  })
})
