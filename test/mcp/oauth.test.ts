// /mcp with OAuth tokens, driven by the official SDK's client and its discovery functions, as MCP authorization has
// it (modelcontextprotocol.io, basic/authorization): discovery from a 401's WWW-Authenticate or the well-known URIs,
// a refresh when the token expires, and a 403 scope challenge naming the scopes to ask for (docs/oauth.md).
import { afterEach, describe, expect, test } from 'bun:test'
import {
  discoverOAuthServerInfo,
  extractWWWAuthenticateParams,
  selectResourceURL,
} from '@modelcontextprotocol/sdk/client/auth.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { callTool, postMcp, toolErrorOf } from '../support/mcp'
import {
  bearer,
  MemoryOAuthProvider,
  oauthWorld,
  obtainCode,
  obtainTokens,
  REDIRECT_URI,
  tokenRequest,
} from '../support/oauth'

// Each test's world, stopped after it.
const worlds: { stop(): void }[] = []
afterEach(() => {
  for (const w of worlds.splice(0)) w.stop()
})

/** A team with a user who can allow clients (support/oauth.ts), and its MCP address. */
const world = async () => {
  const w = await oauthWorld()
  worlds.push(w)
  return { ...w, mcpUrl: new URL(`${w.base}/mcp`) }
}

const listSignals = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'list_signals', arguments: {} },
})

describe('discovery', () => {
  test("from the 401's WWW-Authenticate, and from the MCP address alone, the SDK finds the same servers", async () => {
    const { base, mcpUrl } = await world()
    const unauthorized = await postMcp(mcpUrl, listSignals, {})
    expect(unauthorized.status).toBe(401)
    const challenge = extractWWWAuthenticateParams(unauthorized)
    expect(challenge.resourceMetadataUrl?.href).toBe(`${base}/.well-known/oauth-protected-resource/mcp`)
    expect(challenge.scope).toBe('signals:read signals:write leads:score mentions:search usage:read')
    const fromHeader = await discoverOAuthServerInfo(mcpUrl, { resourceMetadataUrl: challenge.resourceMetadataUrl })
    // Without the header, a client tries the well-known URI built from the MCP address (RFC 9728 §3.1).
    const fromAddress = await discoverOAuthServerInfo(mcpUrl)
    expect(fromAddress).toEqual(fromHeader)
    expect(fromHeader.resourceMetadata?.resource).toBe(mcpUrl.href)
    expect(fromHeader.authorizationServerUrl).toBe(base)
    const metadata = fromHeader.authorizationServerMetadata
    expect(metadata?.code_challenge_methods_supported).toEqual(['S256'])
    expect(metadata?.registration_endpoint).toBe(`${base}/oauth/register`)
    // The resource the client asks a token for is the one the metadata names, which the SDK checks against the address.
    const provider = new MemoryOAuthProvider(REDIRECT_URI, { redirect_uris: [REDIRECT_URI] })
    expect((await selectResourceURL(mcpUrl, provider, fromHeader.resourceMetadata))?.href).toBe(mcpUrl.href)
    expect((await selectResourceURL(`${mcpUrl.href}/`, provider, fromHeader.resourceMetadata))?.href).toBe(mcpUrl.href)
  })
})

describe('tokens', () => {
  test('an expired access token is refreshed by the SDK on the 401 and the call goes through', async () => {
    const w = await world()
    const tokens = await obtainTokens(w)
    const provider = new MemoryOAuthProvider(REDIRECT_URI, { redirect_uris: [REDIRECT_URI] })
    provider.info = { client_id: tokens.clientId }
    provider.saved = { ...tokens, token_type: 'Bearer' }
    const seen: string[] = []
    const fetchSeen: FetchLike = async (input, init) => {
      const res = await fetch(input, init)
      seen.push(`${new URL(String(input)).pathname} ${res.status}`)
      return res
    }
    const client = new Client({ name: 'oauth', version: '1' })
    await client.connect(new StreamableHTTPClientTransport(w.mcpUrl, { authProvider: provider, fetch: fetchSeen }))
    expect((await callTool(client, 'get_usage')).isError).toBeFalsy()
    // An hour and a minute later (oauth.access_token_minutes = 60).
    w.clock.set(new Date(w.clock.now().getTime() + 61 * 60_000))
    seen.length = 0
    expect((await callTool(client, 'get_usage')).isError).toBeFalsy()
    expect(seen).toContain('/mcp 401')
    expect(seen).toContain('/oauth/token 200')
    expect(seen.at(-1)).toBe('/mcp 200')
    expect(provider.saved?.access_token).not.toBe(tokens.access_token)
    await client.close()
  })

  test("a tool outside the token's scopes: 403 naming that tool's scope with the token's; allowed again, the call goes through", async () => {
    const w = await world()
    const narrow = await obtainTokens(w, { scope: 'usage:read' })
    const client = new Client({ name: 'oauth', version: '1' })
    const headers = bearer(narrow.access_token)
    await client.connect(new StreamableHTTPClientTransport(w.mcpUrl, { requestInit: { headers } }))
    // Listing and the tools of its scopes work.
    expect((await client.listTools()).tools).toHaveLength(7)
    expect((await callTool(client, 'get_usage')).isError).toBeFalsy()
    const refused = await postMcp(w.mcpUrl, listSignals, { ...headers, 'mcp-protocol-version': '2025-11-25' })
    expect(refused.status).toBe(403)
    // The scope of the operation and those already granted, as MCP 2025-11-25 asks (oauth-step-up.test.ts).
    expect(extractWWWAuthenticateParams(refused)).toEqual({
      error: 'insufficient_scope',
      scope: 'signals:read usage:read',
      resourceMetadataUrl: new URL(`${w.base}/.well-known/oauth-protected-resource/mcp`),
    })
    await expect(callTool(client, 'list_signals')).rejects.toThrow(/insufficient_scope/)
    // The client asks its user again for what it had and what it lacks; the user allows it.
    const form = await obtainCode(w, { scope: 'usage:read signals:read', client: { client_id: narrow.clientId } })
    const wider = await tokenRequest(w, form)
    expect(wider.body.scope).toBe('usage:read signals:read')
    const widened = await postMcp(w.mcpUrl, listSignals, {
      ...bearer(wider.body.access_token),
      'mcp-protocol-version': '2025-11-25',
    })
    expect(widened.status).toBe(200)
    expect(((await widened.json()) as { result: { isError?: boolean } }).result.isError).toBeUndefined()
    // The narrow token keeps its own scopes.
    expect((await postMcp(w.mcpUrl, listSignals, headers)).status).toBe(403)
    await client.close()
  })

  test('an API key and a token act alike on a counted call: one request charged to the team', async () => {
    const w = await world()
    const { access_token } = await obtainTokens(w)
    for (const headers of [{ 'x-api-key': w.apiKey }, bearer(access_token)]) {
      const client = new Client({ name: 'oauth', version: '1' })
      await client.connect(new StreamableHTTPClientTransport(w.mcpUrl, { requestInit: { headers } }))
      // Whose team the assistant acts for, in words true of a token as of a key.
      expect(client.getInstructions()).toStartWith(
        'lead-signals finds and qualifies sales leads on social platforms for one team: the team of the API key, ' +
          'or of the user who allowed this app (OAuth).',
      )
      expect((await callTool(client, 'list_signals')).isError).toBeFalsy()
      expect(toolErrorOf(await callTool(client, 'list_signals', { limit: 0 })).code).toBe('invalid_request')
      await client.close()
    }
    const usage = await fetch(`${w.base}/api/v1/usage`, { headers: { 'x-api-key': w.apiKey } })
    expect(((await usage.json()) as { usage: { used: number } }).usage.used).toBe(2)
  })
})
