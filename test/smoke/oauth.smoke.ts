// MCP over HTTP from the built executable: the OAuth flow (docs/oauth.md), in which an MCP SDK client discovers,
// registers, the demo user allows through the console's routes, and the token calls a tool and the REST API; and the
// demo key with raw JSON-RPC, as a client of each MCP version sends it (docs/api.md#mcp). Run after `npm run build`.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { MemoryOAuthProvider, REDIRECT_URI } from '../support/oauth'
import { type Server, startServer, stopServer } from './serve'

const BINARY = resolve(import.meta.dir, '../../dist/lead-signals')
const SAME_SITE = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }
setDefaultTimeout(30_000)

describe('MCP over HTTP from the built executable', () => {
  let dir: string
  let server: Server

  beforeAll(async () => {
    if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing; run \`npm run build\` first`)
    dir = mkdtempSync(join(tmpdir(), 'lead-signals-oauth-smoke-'))
    server = await startServer([BINARY, 'serve', '--demo'], dir, { LEAD_SIGNALS_POLLING_ENABLED: 'false' })
  })

  afterAll(() => {
    if (server) stopServer(server.proc)
    rmSync(dir, { recursive: true, force: true })
  })

  test('OAuth: discover, register, allow, exchange, call get_usage over MCP and GET /api/v1/usage', async () => {
    // The password is printed after the key, which is all startServer waits for.
    let password: string | undefined
    for (let waited = 0; !password && waited < 10_000; waited += 50) {
      password = /sign in as demo@localhost with password (\S+)/.exec(server.output())?.[1]
      if (!password) await Bun.sleep(50)
    }
    expect(password).toBeString()
    const provider = new MemoryOAuthProvider(REDIRECT_URI, {
      client_name: 'Smoke',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    })
    const mcpUrl = new URL(`${server.url}/mcp`)
    const first = new Client({ name: 'smoke', version: '1.0.0' })
    await expect(
      first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
    ).rejects.toBeInstanceOf(UnauthorizedError)

    const signedIn = await fetch(`${server.url}/console/api/session`, {
      method: 'POST',
      headers: SAME_SITE,
      body: JSON.stringify({ email: 'demo@localhost', password }),
    })
    expect(signedIn.status).toBe(200)
    const headers = { ...SAME_SITE, cookie: (signedIn.headers.get('set-cookie') ?? '').split(';')[0] }
    const start = await fetch(provider.authorizationUrl as URL, { redirect: 'manual' })
    const id = /^\/#\/authorize\/(.+)$/.exec(start.headers.get('location') ?? '')?.[1]
    expect(id).toBeString()
    const decided = await fetch(`${server.url}/console/api/authorize/${id}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ allow: true }),
    })
    const back = new URL(((await decided.json()) as { redirect: string }).redirect)
    expect(back.searchParams.get('iss')).toBe(server.url)

    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })
    await transport.finishAuth(back.searchParams.get('code') as string)
    const client = new Client({ name: 'smoke', version: '1.0.0' })
    await client.connect(transport)
    const usage = await client.callTool({ name: 'get_usage', arguments: {} })
    expect(usage.structuredContent).toMatchObject({ plan: 'growth' })
    await client.close()
    const rest = await fetch(`${server.url}/api/v1/usage`, {
      headers: { authorization: `Bearer ${provider.saved?.access_token}` },
    })
    expect(rest.status).toBe(200)
  })

  test('raw JSON-RPC with the demo key: versions, batches, notifications, errors and what a call costs', async () => {
    const post = async (message: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      })
      const text = await res.text()
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null }
    }
    const request = (id: number, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, params })
    const initialize = (version: string) =>
      request(1, 'initialize', {
        protocolVersion: version,
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      })
    const LATEST = { 'mcp-protocol-version': '2025-11-25' }
    const used = async () => (await post(request(9, 'tools/call', { name: 'get_usage' }), LATEST)).body.result
    const before = (await used()).structuredContent.usage.used

    for (const version of ['2025-11-25', '2025-03-26', '2024-11-05']) {
      const answer = await post(initialize(version))
      expect(answer.body.result.protocolVersion).toBe(version)
      expect(answer.headers.get('mcp-session-id')).toBeNull()
    }
    expect(await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, LATEST)).toMatchObject({
      status: 202,
      body: null,
    })
    // A 2025-03-26 client sends no MCP-Protocol-Version and may batch; a later one may not.
    const batch = [request(2, 'ping'), request(3, 'tools/call', { name: 'list_signals', arguments: { limit: 1 } })]
    const answers = (await post(batch)).body as { id: number; result: { isError?: boolean } }[]
    expect(answers.map((a) => [a.id, a.result.isError])).toEqual([
      [2, undefined],
      [3, undefined],
    ])
    expect(await post(batch, LATEST)).toMatchObject({ status: 400, body: { error: { code: -32600 } } })

    const code = async (message: unknown) => (await post(message, LATEST)).body.error?.code
    expect(await code(request(4, 'resources/list'))).toBe(-32601)
    expect(await code(request(5, 'tools/call', {}))).toBe(-32602)
    expect(await code(request(6, 'tools/call', { name: 'no_such_tool' }))).toBe(-32602)
    // Arguments the model can fix are a tool error, and a failed call is free.
    const invalid = await post(request(7, 'tools/call', { name: 'list_signals', arguments: { limit: 0 } }), LATEST)
    expect(invalid.body.result.isError).toBe(true)
    expect(JSON.parse(invalid.body.result.content[0].text).error).toMatchObject({ code: 'invalid_request' })
    // The batch's list_signals was the one counted call.
    expect((await used()).structuredContent.usage.used).toBe(before + 1)

    const anonymous = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request(8, 'tools/list')),
    })
    expect(anonymous.status).toBe(401)
    const metadata = /resource_metadata="([^"]+)"/.exec(anonymous.headers.get('www-authenticate') ?? '')?.[1]
    const resource = (await (await fetch(metadata as string)).json()) as { resource: string }
    expect(resource.resource).toBe(`${server.url}/mcp`)
  })
})
