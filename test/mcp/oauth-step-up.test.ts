// A token that lacks a tool's scope, met by the official SDK's client as MCP 2025-11-25 has it
// (modelcontextprotocol.io, basic/authorization, scope challenge handling): the 403's WWW-Authenticate names the scopes
// to ask for, and the client asks its user for exactly those, so the challenge must keep the scopes the token has as
// well as add the one it lacks (docs/oauth.md#scopes).
import { afterEach, describe, expect, test } from 'bun:test'
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { callTool, postMcp } from '../support/mcp'
import { bearer, MemoryOAuthProvider, oauthWorld, obtainTokens, REDIRECT_URI } from '../support/oauth'

const worlds: { stop(): void }[] = []
afterEach(() => {
  for (const w of worlds.splice(0)) w.stop()
})

const call = (name: string, id = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } })

describe('a tool outside the scopes of the token', () => {
  test('the SDK client asks its user for the scopes it had and the one it lacks, and both tools work after', async () => {
    const w = await oauthWorld()
    worlds.push(w)
    const mcpUrl = new URL(`${w.base}/mcp`)
    const narrow = await obtainTokens(w, { scope: 'usage:read' })
    const provider = new MemoryOAuthProvider(REDIRECT_URI, { redirect_uris: [REDIRECT_URI] })
    provider.info = { client_id: narrow.clientId }
    // A client holding no refresh token starts a new authorization on the challenge (SDK 1.32 refreshes first when
    // it holds one, which keeps the grant's scopes: docs/oauth.md#scopes).
    provider.saved = { access_token: narrow.access_token, token_type: 'Bearer' }
    const first = new Client({ name: 'step-up', version: '1' })
    await first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))
    expect((await callTool(first, 'get_usage')).isError).toBeFalsy()
    await expect(callTool(first, 'list_signals')).rejects.toBeInstanceOf(UnauthorizedError)
    await first.close()

    const asked = provider.authorizationUrl as URL
    expect(asked.searchParams.get('scope')).toBe('signals:read usage:read')
    const answer = await w.consent(asked, await w.signIn())
    const code = answer.redirect?.searchParams.get('code') as string
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })
    await transport.finishAuth(code)
    const client = new Client({ name: 'step-up', version: '1' })
    await client.connect(transport)
    expect((await callTool(client, 'list_signals')).isError).toBeFalsy()
    expect((await callTool(client, 'get_usage')).isError).toBeFalsy()
    await client.close()
  })

  test("the challenge names the token's tool scopes and every scope a batch lacks, never webhooks:manage", async () => {
    const w = await oauthWorld()
    worlds.push(w)
    const mcpUrl = new URL(`${w.base}/mcp`)
    const { access_token } = await obtainTokens(w, { scope: 'webhooks:manage usage:read' })
    // A client of MCP 2025-03-26, which sends no MCP-Protocol-Version and may send a batch.
    const batch = `[${call('score_lead', 1)},${call('list_signals', 2)},${call('get_usage', 3)}]`
    const refused = await postMcp(mcpUrl, batch, bearer(access_token))
    expect(refused.status).toBe(403)
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="signals:read leads:score usage:read", ` +
        `resource_metadata="${w.base}/.well-known/oauth-protected-resource/mcp"`,
    )
    expect(await refused.json()).toEqual({
      error: { code: 'insufficient_scope', message: 'this access token lacks the scopes signals:read and leads:score' },
    })
  })
})
