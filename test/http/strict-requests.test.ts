// Unknown query parameters are refused everywhere, a malformed tools/call is "invalid params", and /mcp answers
// whatever valid Host header the client sent.
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { listen } from '../support/mcp'
import { rawRequest } from '../support/raw-http'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const rpc = (method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id: 7,
  method,
  ...(params === undefined ? {} : { params }),
})

describe('unknown query parameters are 400 invalid_request on every route', () => {
  test('on the routes without parameters, the POST routes and /mcp, naming the parameter', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    const score = { content: 'We need a CRM for our sales team, any recommendations?' }
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/v1/usage?verbose=1'],
      ['GET', '/api/v1/platforms?verbose=1'],
      ['GET', '/api/v1/signals?verbose=1'],
      ['POST', '/api/v1/leads/score?verbose=1', score],
      ['POST', '/api/v1/mentions/search?verbose=1', { keyword: 'crm', platform: 'hackernews' }],
      ['POST', '/mcp?verbose=1', rpc('tools/list')],
    ]
    for (const [method, path, body] of cases) {
      const r = await call(method, path, { key: apiKey, body, headers: path.startsWith('/mcp') ? mcpHeaders : {} })
      expect(r.status).toBe(400)
      expect(r.body).toEqual({
        error: {
          code: 'invalid_request',
          message: 'query parameter verbose is not a known field',
          details: [{ field: 'verbose', message: 'is not a known field' }],
        },
      })
    }
    for (const [method, path, body] of [
      ['GET', '/api/routes/test-api?verbose=1'],
      ['POST', '/api/routes/search?verbose=1', { network: 'reddit', keyword: 'crm' }],
    ] as const) {
      const r = await call(method, path, { key: apiKey, body })
      expect(r.status).toBe(400)
      expect(r.body).toEqual({ success: false, error: 'query parameter verbose is not a known field' })
    }
    // Nothing was charged, and the same routes without the parameter still answer.
    const usage = await call('GET', '/api/v1/usage', { key: apiKey })
    expect(usage.body.usage.used).toBe(0)
    expect((await call('GET', '/api/routes/test-api', { key: apiKey })).status).toBe(200)
    expect((await call('GET', '/api/v1/platforms', { key: apiKey })).status).toBe(200)
  })

  test('a parameter given twice says so; a field that fails several checks is refused once, for the first', async () => {
    const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    const twice = await call('GET', '/api/v1/signals?limit=1&limit=2', { key: apiKey })
    expect(twice.body.error).toEqual({
      code: 'invalid_request',
      message: 'query parameter limit must be given once',
      details: [{ field: 'limit', message: 'must be given once' }],
    })
    const empty = await call('POST', '/api/v1/webhooks', {
      key: apiKey,
      body: { url: 'http://127.0.0.1:9/x', timeZone: ' ' },
    })
    expect(empty.body.error.details).toEqual([{ field: 'timeZone', message: 'must not be empty' }])
  })

  test('the key is checked first: a wrong key with an unknown parameter is 401', async () => {
    const { deps } = await testDeps()
    const r = await client(deps)('GET', '/api/v1/usage?verbose=1', { key: `lsk_${'A'.repeat(43)}` })
    expect(r.status).toBe(401)
  })
})

describe('a malformed tools/call is a protocol error -32602 with a plain message', () => {
  test('without params, without a name, and with arguments that are not an object', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    for (const params of [
      undefined,
      {},
      { name: 42 },
      { name: 'get_usage', arguments: [1, 2] },
      { name: 'get_usage', arguments: 'x' },
    ]) {
      const r = await call('POST', '/mcp', { key: apiKey, headers: mcpHeaders, body: rpc('tools/call', params) })
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: expect.any(String) } })
      expect(r.body.error.message).toContain('tools/call ')
      expect(r.body.error.message).not.toMatch(/[[{\n]/)
    }
    const ok = await call('POST', '/mcp', {
      key: apiKey,
      headers: mcpHeaders,
      body: rpc('tools/call', { name: 'get_usage' }),
    })
    expect(ok.body.result.structuredContent.team).toBe('acme')
  })
})

describe('/mcp and the API answer any valid Host header', () => {
  test('a name with a port, IPv6 literals (with a zone, IPvFuture), and an empty Host', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const server = listen(deps)
    stops.push(server.stop)
    const port = Number(new URL(server.origin).port)
    const body = JSON.stringify(rpc('tools/call', { name: 'get_usage' }))
    for (const host of ['example.com:8080', '[::1]:8080', '[::1]', '[fe80::1%25eth0]:8080', '[v1.fe80::a+en1]', '']) {
      const mcp = await rawRequest(
        port,
        [
          'POST /mcp HTTP/1.1',
          `Host: ${host}`,
          `x-api-key: ${apiKey}`,
          'content-type: application/json',
          'accept: application/json, text/event-stream',
          `content-length: ${Buffer.byteLength(body)}`,
        ],
        body,
      )
      const reply = await mcp.reply
      mcp.close()
      expect({ host, status: reply.status }).toEqual({ host, status: 200 })
      expect(reply.json().result.structuredContent.team).toBe('acme')
      const rest = await rawRequest(port, ['GET /api/v1/usage HTTP/1.1', `Host: ${host}`, `x-api-key: ${apiKey}`])
      expect({ host, status: (await rest.reply).status }).toEqual({ host, status: 200 })
      rest.close()
    }
  })
})
