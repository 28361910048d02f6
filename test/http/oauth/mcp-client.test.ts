import { afterEach, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { MemoryOAuthProvider, oauthWorld } from '../../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

const REDIRECT = 'http://127.0.0.1:53682/callback'

describe('an MCP client connects with OAuth (docs/oauth.md)', () => {
  test('discovers from the 401, registers, the user allows in the console, the token lists tools, calls get_usage and the REST API', async () => {
    const world = await oauthWorld()
    stop = world.stop
    const provider = new MemoryOAuthProvider(REDIRECT, {
      client_name: 'Test assistant',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    })
    const mcpUrl = new URL(`${world.base}/mcp`)
    const first = new Client({ name: 'test', version: '1.0.0' })
    await expect(
      first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
    ).rejects.toBeInstanceOf(UnauthorizedError)
    // The client registered itself and sent its user to the authorization endpoint with PKCE and the resource.
    expect(provider.info?.client_id).toMatch(/^lsc_/)
    const asked = provider.authorizationUrl as URL
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256')
    expect(asked.searchParams.get('resource')).toBe(`${world.base}/mcp`)

    const cookie = await world.signIn()
    const answer = await world.consent(asked, cookie)
    expect(answer.shown).toMatchObject({ client: { name: 'Test assistant' }, redirectHost: '127.0.0.1:53682' })
    // The scopes the tools need, named by the 401's WWW-Authenticate: not webhooks:manage, which no tool uses and
    // which would let the assistant's token redirect the team's leads through the REST API.
    expect(asked.searchParams.get('scope')).toBe('signals:read signals:write leads:score mentions:search usage:read')
    expect(answer.shown.scopes.map((s: { name: string }) => s.name)).toEqual([
      'signals:read',
      'signals:write',
      'leads:score',
      'mentions:search',
      'usage:read',
    ])
    const back = answer.redirect as URL
    expect(back.origin + back.pathname).toBe(REDIRECT)
    expect(back.searchParams.get('iss')).toBe(world.base)
    const code = back.searchParams.get('code') as string

    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })
    await transport.finishAuth(code)
    const client = new Client({ name: 'test', version: '1.0.0' })
    await client.connect(transport)
    const tools = await client.listTools()
    expect(tools.tools.map((t) => t.name)).toContain('get_usage')
    const usage = await client.callTool({ name: 'get_usage', arguments: {} })
    expect(usage.isError).toBeFalsy()
    expect(usage.structuredContent).toMatchObject({ team: 'acme', plan: 'growth' })
    await client.close()

    const rest = await fetch(`${world.base}/api/v1/usage`, {
      headers: { authorization: `Bearer ${provider.saved?.access_token}` },
    })
    expect(rest.status).toBe(200)
    expect(await rest.json()).toMatchObject({ team: 'acme', plan: 'growth' })
  })
})
