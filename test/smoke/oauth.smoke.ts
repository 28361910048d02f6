// The OAuth flow against the built executable (docs/oauth.md): an MCP SDK client discovers, registers, the demo
// user allows through the console's routes, and the token calls a tool and the REST API. Run after `npm run build`.
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

describe('OAuth from the built executable', () => {
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

  test('discover, register, allow, exchange, call get_usage over MCP and GET /api/v1/usage', async () => {
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
})
