// docs/api.md#mcp-over-http: /mcp refuses a browser Origin that is not the service's own (DNS rebinding), and lets
// clients without one through.
import { afterEach, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { recordingLogger } from '../support/log'
import { listen } from '../support/mcp'

const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
}

async function world(server: Record<string, unknown> = {}) {
  const logged = recordingLogger()
  const { deps } = await testDeps({ config: { server }, deps: { log: logged.log } })
  const { apiKey } = await seedTeam(deps)
  const s = listen(deps)
  stops.push(s.stop)
  const port = Number(new URL(s.origin).port)
  const post = (origin?: string) =>
    fetch(s.mcpUrl, {
      method: 'POST',
      headers: {
        'x-api-key': apiKey,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(origin === undefined ? {} : { origin }),
      },
      body: JSON.stringify(initialize),
    })
  return { post, port, deps, logged }
}

describe('/mcp and Origin', () => {
  test("a rebinding page's Origin is 403 forbidden; no Origin, or loopback on the server's port, is answered", async () => {
    // The server's port is what `listen` picked, so the config is told it after the fact (as serve's port would be).
    const { post, port, deps } = await world()
    deps.config.server.port = port
    for (const evil of ['http://evil.example', `http://evil.example:${port}`, 'null', `http://localhost:${port + 1}`]) {
      const r = await post(evil)
      expect(r.status).toBe(403)
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('forbidden')
    }
    expect((await post()).status).toBe(200)
    for (const own of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`])
      expect((await post(own)).status).toBe(200)
  })

  test('the public address and the configured origins are answered', async () => {
    const { post } = await world({
      public_url: 'https://leads.example.com',
      allowed_origins: ['https://assistant.example.com/'],
    })
    expect((await post('https://leads.example.com')).status).toBe(200)
    expect((await post('https://assistant.example.com')).status).toBe(200)
    expect((await post('https://other.example.com')).status).toBe(403)
  })

  test("the MCP Inspector's page connecting directly: 403 naming server.allowed_origins until listed there", async () => {
    // docs/api.md#mcp-over-http: the Inspector's page is on localhost, but on its own port, not the server's. The
    // browser hides the 403 from the page, so the log names the origin refused for the operator: once, at the preflight
    // (a minute's later refusals of the same origin are not logged again, docs/operations.md#logs).
    const inspector = 'http://localhost:6274'
    const refusal = (method: string) => ({
      level: 'warn',
      event: 'mcp_origin_refused',
      fields: { origin: inspector, method, allowWith: 'server.allowed_origins' },
    })
    for (const allowed_origins of [[], [inspector]]) {
      const { post, port, deps, logged } = await world({ allowed_origins })
      deps.config.server.port = port
      const preflight = await fetch(`http://127.0.0.1:${port}/mcp`, {
        method: 'OPTIONS',
        headers: {
          origin: inspector,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-api-key',
        },
      })
      await preflight.body?.cancel()
      const r = await post(inspector)
      const answers = [preflight.status, r.status, r.headers.get('access-control-allow-origin')]
      expect(logged.of('mcp_origin_refused')).toEqual(allowed_origins.length ? [] : [refusal('OPTIONS')])
      if (allowed_origins.length) expect(answers).toEqual([204, 200, inspector])
      else {
        expect(answers).toEqual([403, 403, null])
        expect(await r.json()).toEqual({
          error: {
            code: 'forbidden',
            message: 'this Origin may not call /mcp: add it to server.allowed_origins if it should',
          },
        })
      }
    }
  })

  test('the public address is compared as an origin: its case and a default port do not matter', async () => {
    // A browser sends the origin in lower case and without the scheme's own port.
    for (const public_url of ['https://Leads.Example.com', 'https://leads.example.com:443']) {
      const { post } = await world({ public_url })
      expect([public_url, (await post('https://leads.example.com')).status]).toEqual([public_url, 200])
      expect((await post('https://leads.example.com:8443')).status).toBe(403)
    }
  })

  test('a page of an allowed origin can call /mcp across origins: its preflight is answered, then CORS headers', async () => {
    const { deps } = await testDeps({ config: { server: { allowed_origins: ['https://assistant.example.com'] } } })
    const { apiKey } = await seedTeam(deps)
    const s = listen(deps)
    stops.push(s.stop)
    const origin = 'https://assistant.example.com'
    // A browser sends the preflight without credentials, naming the method and headers the page's fetch will use.
    const preflight = (from: string) =>
      fetch(s.mcpUrl, {
        method: 'OPTIONS',
        headers: {
          origin: from,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'accept,content-type,mcp-protocol-version,x-api-key',
        },
      })
    const allowed = await preflight(origin)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(origin)
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST')
    const headers = allowed.headers.get('access-control-allow-headers')?.split(/, */) ?? []
    for (const h of ['accept', 'authorization', 'content-type', 'mcp-protocol-version', 'x-api-key'])
      expect([h, headers.includes(h)]).toEqual([h, true])
    expect(allowed.headers.get('vary')).toContain('Origin')
    const refused = await preflight('https://other.example.com')
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()

    const post = (key?: string) =>
      fetch(s.mcpUrl, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(key ? { 'x-api-key': key } : {}),
        },
        body: JSON.stringify(initialize),
      })
    const answered = await post(apiKey)
    expect(answered.status).toBe(200)
    expect(answered.headers.get('access-control-allow-origin')).toBe(origin)
    // A 401 is readable too, with the header a client discovers sign-in from.
    const unauthorized = await post()
    expect(unauthorized.status).toBe(401)
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe(origin)
    expect(unauthorized.headers.get('access-control-expose-headers')).toContain('www-authenticate')
    // So is the 403 that says a key is wrong (docs/api.md#mcp-over-http).
    const wrongKey = await post(`lsk_${'A'.repeat(43)}`)
    expect([wrongKey.status, wrongKey.headers.get('access-control-allow-origin')]).toEqual([403, origin])
    // A client that is not a browser sends no Origin and gets no CORS headers.
    const plain = await fetch(s.mcpUrl, {
      method: 'POST',
      headers: {
        'x-api-key': apiKey,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(initialize),
    })
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
  })

  test("an answer given before /mcp's route runs (413 from Content-Length) carries the same CORS headers", async () => {
    const origin = 'https://assistant.example.com'
    const { deps } = await testDeps({
      config: { server: { allowed_origins: [origin], max_body_bytes: 1024 } },
    })
    const { apiKey } = await seedTeam(deps)
    const s = listen(deps)
    stops.push(s.stop)
    const post = (from: string, body: string, path = '/mcp') =>
      fetch(new URL(path, s.origin), {
        method: 'POST',
        headers: { origin: from, 'x-api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body,
      })
    const big = JSON.stringify({ ...initialize, padding: 'x'.repeat(4096) })
    for (const path of ['/mcp', '/mcp/']) {
      const tooLarge = await post(origin, big, path)
      expect([path, tooLarge.status]).toEqual([path, 413])
      expect(tooLarge.headers.get('access-control-allow-origin')).toBe(origin)
      expect(tooLarge.headers.get('access-control-expose-headers')).toContain('x-request-id')
      expect(tooLarge.headers.get('vary')).toContain('Origin')
      expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe('payload_too_large')
    }
    // Another origin, and another route, get none: only /mcp's own CORS is extended to its early errors.
    const other = await post('https://other.example.com', big)
    expect(other.status).toBe(413)
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const rest = await fetch(new URL('/api/v1/leads/score', s.origin), {
      method: 'POST',
      headers: { origin, 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: big,
    })
    expect(rest.status).toBe(413)
    expect(rest.headers.get('access-control-allow-origin')).toBeNull()
  })
})
