// /mcp is refused before any MCP exchange without a valid key of a plan with API access (docs/api.md#order-of-checks).
import { afterAll, describe, expect, test } from 'bun:test'
import { issueApiKey, revokeApiKey } from '../../src/domain/keys/keys'
import { MCP_SCOPES } from '../../src/domain/oauth/scopes'
import { buildToolset } from '../../src/mcp/toolset'
import { seedTeam, testDeps } from '../support/deps'
import { callTool, httpClient, listen } from '../support/mcp'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

async function setup() {
  const { deps } = await testDeps()
  const growth = await seedTeam(deps, { name: 'acme' })
  const starter = await seedTeam(deps, { name: 'tiny-co', plan: 'starter' })
  const server = listen(deps)
  stops.push(server.stop)
  return { deps, growth, starter, mcpUrl: server.mcpUrl }
}

// The first message of every MCP session.
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
})

async function post(url: URL, headers: Record<string, string>, body = initialize) {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  })
  return { status: res.status, headers: res.headers, body: (await res.json()) as any }
}

describe('POST /mcp is refused in the contract error shape before any MCP exchange', () => {
  test('without a key: 401 missing_api_key', async () => {
    const { mcpUrl } = await setup()
    const res = await post(mcpUrl, {})
    expect(res.status).toBe(401)
    expect(res.body).toEqual({
      error: {
        code: 'missing_api_key',
        message: 'send your API key in the x-api-key header, or an OAuth access token as Authorization: Bearer',
      },
    })
  })

  test('each 401 names in WWW-Authenticate the scopes the tools need, and only those', async () => {
    const { deps, mcpUrl } = await setup()
    const needed = new Set([...buildToolset(deps).tools.values()].map((t) => t.scope).filter((s) => s !== null))
    expect(new Set(MCP_SCOPES)).toEqual(needed)
    const scope = `scope="${MCP_SCOPES.join(' ')}"`
    // A wrong key is 403 without a challenge (below): a sign-in would not help a client that sends one.
    const cases: Record<string, string>[] = [{}, { authorization: 'Bearer nope' }]
    for (const headers of cases) {
      const res = await fetch(mcpUrl, { method: 'POST', headers })
      expect([headers, res.status, res.headers.get('www-authenticate')]).toEqual([
        headers,
        401,
        expect.stringContaining(scope),
      ])
    }
  })

  test('the address with a trailing slash, which serves MCP too, answers its 401 with the same challenge', async () => {
    // A client given ".../mcp/" finds where to sign in only from this header (MCP authorization asks every 401 for it).
    const { mcpUrl } = await setup()
    const slashed = new URL('/mcp/', mcpUrl)
    const plain = await fetch(mcpUrl, { method: 'POST' })
    const res = await fetch(slashed, { method: 'POST' })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe(plain.headers.get('www-authenticate'))
    expect(res.headers.get('www-authenticate')).toContain('/.well-known/oauth-protected-resource/mcp"')
  })

  test('with an unknown key and with a revoked one: 403 invalid_api_key, with no challenge', async () => {
    // docs/api.md#mcp-over-http: a 401 starts a sign-in in an MCP client, which the key it sends would defeat
    // (test/http/oauth/mcp-wrong-key.test.ts).
    const { deps, growth, mcpUrl } = await setup()
    const unknown = await post(mcpUrl, { 'x-api-key': `lsk_${'A'.repeat(43)}` })
    expect(unknown.status).toBe(403)
    expect(unknown.headers.get('www-authenticate')).toBeNull()
    expect(unknown.body.error.code).toBe('invalid_api_key')

    const second = await issueApiKey(deps, { teamId: growth.team.id, label: 'assistant' })
    expect((await post(mcpUrl, { 'x-api-key': second.apiKey })).status).toBe(200)
    await revokeApiKey(deps, { teamId: growth.team.id, key: second.prefix })
    const revoked = await post(mcpUrl, { 'x-api-key': second.apiKey })
    expect(revoked.status).toBe(403)
    expect([revoked.body.error.code, revoked.body.error.message]).toEqual([
      'invalid_api_key',
      'the API key is not valid: give this client a valid key, or remove the key for it to sign in with OAuth instead',
    ])
  })

  test('with the key of a starter-plan team: 403 no_api_access', async () => {
    const { starter, mcpUrl } = await setup()
    const res = await post(mcpUrl, { 'x-api-key': starter.apiKey })
    expect(res.status).toBe(403)
    // The next step names the command and a plan of this server that has API access.
    expect(res.body).toEqual({
      error: {
        code: 'no_api_access',
        message:
          'the starter plan has no API access: the operator can move the team to a plan with it (lead-signals team set --team tiny-co --plan growth)',
      },
    })
  })

  test('the SDK client cannot connect without a valid key, and can with one', async () => {
    const { growth, starter, mcpUrl } = await setup()
    await expect(httpClient(mcpUrl)).rejects.toThrow()
    await expect(httpClient(mcpUrl, starter.apiKey)).rejects.toThrow()
    const client = await httpClient(mcpUrl, growth.apiKey)
    stops.push(() => client.close())
    expect(client.getServerVersion()).toMatchObject({ name: 'lead-signals' })
  })

  test('a key revoked while a client is connected stops working at its next request', async () => {
    const { deps, growth, mcpUrl } = await setup()
    const second = await issueApiKey(deps, { teamId: growth.team.id })
    const client = await httpClient(mcpUrl, second.apiKey)
    stops.push(() => client.close())
    expect((await callTool(client, 'get_usage')).isError).toBeFalsy()
    await revokeApiKey(deps, { teamId: growth.team.id, key: second.prefix })
    await expect(callTool(client, 'get_usage')).rejects.toThrow()
  })
})

describe('the stateless endpoint', () => {
  test('GET and DELETE are 405 with Allow: POST once the key is valid, and 401 without one', async () => {
    const { growth, mcpUrl } = await setup()
    for (const method of ['GET', 'DELETE']) {
      const withKey = await fetch(mcpUrl, {
        method,
        headers: { 'x-api-key': growth.apiKey, accept: 'text/event-stream' },
      })
      expect(withKey.status).toBe(405)
      expect(withKey.headers.get('allow')).toBe('POST')
      expect(((await withKey.json()) as { jsonrpc: string }).jsonrpc).toBe('2.0')
      const without = await fetch(mcpUrl, { method })
      expect(without.status).toBe(401)
    }
  })

  test('answers JSON, never opens a session, and a body over server.max_body_bytes is 413', async () => {
    const { growth, mcpUrl } = await setup()
    const res = await post(mcpUrl, { 'x-api-key': growth.apiKey })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.headers.get('mcp-session-id')).toBeNull()
    expect(res.body.result.serverInfo).toMatchObject({ name: 'lead-signals' })
    const big = await post(
      mcpUrl,
      { 'x-api-key': growth.apiKey },
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { pad: 'x'.repeat(1_100_000) } }),
    )
    expect(big.status).toBe(413)
    expect(big.body.error.code).toBe('payload_too_large')
  })
})
