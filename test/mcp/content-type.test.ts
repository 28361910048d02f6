// A POST whose Content-Type is not JSON is 415, whatever its body holds (docs/api.md#mcp-over-http, the table of what
// was sent): the client is told to fix its header, not its JSON, which may be fine.
import { expect, test } from 'bun:test'
import { rawMcpTeams } from '../support/mcp'

const team = rawMcpTeams()

const send = async (mcpUrl: URL, apiKey: string, body: string, headers: Record<string, string>) => {
  const res = await fetch(mcpUrl, {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', 'x-api-key': apiKey, ...headers },
    body,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code?: unknown } } }
}

const unsupported = {
  jsonrpc: '2.0',
  id: null,
  error: { code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' },
}

test('a body sent as another type is 415 before it is read as JSON-RPC, whether or not it parses', async () => {
  const { apiKey, mcpUrl, used } = await team()
  const bodies = [
    'keyword=crm&platform=hackernews',
    JSON.stringify({ id: 1, method: 'ping' }),
    JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }]),
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_usage' } }),
  ]
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
    for (const body of bodies) {
      const answer = await send(mcpUrl, apiKey, body, { 'content-type': type, 'mcp-protocol-version': '2025-11-25' })
      expect({ type, sent: body, ...answer }).toEqual({ type, sent: body, status: 415, body: unsupported })
    }
  }
  const untyped = await send(mcpUrl, apiKey, 'not json', {})
  expect(untyped).toEqual({ status: 415, body: unsupported })
  expect(await used()).toBe(0)
})

test('JSON with parameters or in another case is read as JSON', async () => {
  const { apiKey, mcpUrl } = await team()
  for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
    const answer = await send(mcpUrl, apiKey, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }), {
      'content-type': type,
    })
    expect(answer).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 1, result: {} } })
  }
})

// docs/api.md#order-of-checks, step 4: the content type is read before the body, so a body of another type is told to
// fix its header even when its JSON would also be refused (nested past 64 levels, holding U+0000), as REST routes do.
test('a body of another type is 415 even when it nests too deep or holds U+0000; as JSON, the same body is 400', async () => {
  const { apiKey, mcpUrl, used } = await team()
  const deep = `${'['.repeat(70)}${']'.repeat(70)}`
  const nul = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x\u0000' } })
  for (const body of [deep, nul]) {
    expect(await send(mcpUrl, apiKey, body, { 'content-type': 'text/plain' })).toEqual({
      status: 415,
      body: unsupported,
    })
    const asJson = await send(mcpUrl, apiKey, body, { 'content-type': 'application/json' })
    expect([asJson.status, asJson.body.error?.code]).toEqual([400, 'invalid_request'])
  }
  expect(await used()).toBe(0)
})
