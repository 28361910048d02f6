// /mcp reads Accept as HTTP defines it (docs/api.md#mcp-over-http): a wildcard range covers JSON, the only type the
// stateless endpoint answers in, and a range weighted q=0 refuses it.
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { acceptsJson } from '../../src/mcp/accept'
import { listen } from '../support/mcp'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'generic', version: '1' } },
})

async function setup() {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  stops.push(server.stop)
  const post = async (accept: string | undefined) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': apiKey }
    if (accept !== undefined) headers.accept = accept
    const res = await fetch(server.mcpUrl, { method: 'POST', headers, body: initialize })
    return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as any }
  }
  return { post }
}

describe('POST /mcp and the Accept header', () => {
  test('*/*, application/*, application/json alone (and what fetch sends without one) are answered in JSON', async () => {
    const { post } = await setup()
    for (const accept of ['*/*', 'application/*', 'application/json', 'text/html, */*;q=0.8', undefined]) {
      const res = await post(accept)
      expect({ accept, status: res.status }).toEqual({ accept, status: 200 })
      expect(res.type).toStartWith('application/json')
      expect(res.body.result.serverInfo.name).toBeString()
    }
  })

  test('an Accept that leaves JSON out, or weighs it q=0, is still 406', async () => {
    const { post } = await setup()
    for (const accept of ['text/event-stream', 'text/*', 'text/html', '*/*;q=0', 'application/json;q=0, */*']) {
      const res = await post(accept)
      expect({ accept, status: res.status }).toEqual({ accept, status: 406 })
      expect(res.body.error.code).toBe(-32000)
    }
  })

  test('a request without Accept accepts any type (RFC 9110 §12.5.1)', () => {
    expect(acceptsJson(null)).toBe(true)
  })
})
