import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { listen, postMcp } from '../support/mcp'

// docs/api.md#mcp-over-http: JSON-RPC 2.0 answers a batch with a list, also a batch of one request, as stdio does
// (a client of MCP 2025-03-26 that sent a list reads a list back).
const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

describe('a batch of one request over HTTP', () => {
  test('is answered with a list of one answer, for a ping and for a tool call alike', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const server = listen(deps)
    stops.push(server.stop)
    const call = { name: 'score_lead', arguments: { content: 'We need a CRM for our sales team, budget approved.' } }
    for (const message of [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: call },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'score_lead', arguments: {} } },
    ]) {
      const res = await postMcp(server.mcpUrl, JSON.stringify([message]), {
        'x-api-key': apiKey,
        'mcp-protocol-version': '2025-03-26',
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toStartWith('application/json')
      const body = (await res.json()) as { id: number }[]
      expect(Array.isArray(body)).toBe(true)
      expect(body.map((m) => m.id)).toEqual([message.id])
    }
    // A lone message is still answered alone.
    const lone = await postMcp(server.mcpUrl, JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'ping' }), {
      'x-api-key': apiKey,
    })
    expect(await lone.json()).toEqual({ jsonrpc: '2.0', id: 4, result: {} })
  })
})
