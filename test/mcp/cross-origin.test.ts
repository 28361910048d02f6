// A browser client on an allowed origin (docs/api.md#mcp-over-http) sends the headers MCP has it send; its preflight
// must allow each of them, or the browser refuses the POST before it leaves (Fetch standard, CORS-preflight fetch).
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { listen, postMcp } from '../support/mcp'

const ORIGIN = 'https://assistant.example.com'
const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

async function world() {
  const { deps } = await testDeps({ config: { server: { allowed_origins: [ORIGIN] } } })
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  stops.push(server.stop)
  return { apiKey, mcpUrl: server.mcpUrl }
}

/** The headers a browser asks the preflight about: those the page's fetch sets that are not CORS-safelisted. */
const preflight = (mcpUrl: URL, headers: string[]) =>
  fetch(mcpUrl, {
    method: 'OPTIONS',
    headers: {
      origin: ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': headers.join(','),
    },
  })

const allowedBy = (res: Response) =>
  new Set((res.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim().toLowerCase()))

describe('the preflight of a browser client on an allowed origin', () => {
  test('allows the headers of MCP 2025-11-25 and the Mcp-Method and Mcp-Name that 2026-07-28 clients send', async () => {
    const { mcpUrl } = await world()
    // 2026-07-28 (SEP-2243, HTTP header standardization): a client sends Mcp-Method on every POST and Mcp-Name with a
    // tools/call; one that speaks both revisions sends them on its first POST, before it knows which this server is.
    const asked = 'accept authorization content-type mcp-protocol-version x-api-key mcp-method mcp-name'.split(' ')
    const res = await preflight(mcpUrl, asked)
    expect(res.status).toBe(204)
    const allowed = allowedBy(res)
    for (const header of asked) expect([header, allowed.has(header)]).toEqual([header, true])
  })

  test('the POST that follows, with those headers, is answered as without them', async () => {
    const { apiKey, mcpUrl } = await world()
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_usage' } })
    const res = await postMcp(mcpUrl, call, {
      origin: ORIGIN,
      'x-api-key': apiKey,
      'mcp-protocol-version': '2025-11-25',
      'mcp-method': 'tools/call',
      'mcp-name': 'get_usage',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const body = (await res.json()) as { result: { structuredContent: { plan: string } } }
    expect(body.result.structuredContent.plan).toBe('growth')
  })
})
