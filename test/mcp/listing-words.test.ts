// The tools' schemas share their fields' descriptions with the REST routes (src/wire), which name other routes and
// response headers. An assistant connected over MCP has the tools and no headers: the descriptions it reads in
// tools/list name the tool to call and where the answer says what (docs/api.md#mcp-tools).
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { httpClient, listen } from '../support/mcp'

const stops: (() => unknown)[] = []
afterAll(() => Promise.all(stops.map((stop) => stop())))

async function listing() {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  const mcp = await httpClient(server.mcpUrl, apiKey)
  stops.push(server.stop, () => mcp.close())
  return Object.fromEntries((await mcp.listTools()).tools.map((t) => [t.name, t]))
}

/** Every description in a tool's listing: its own, and each of its input and output schemas'. */
function descriptions(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(descriptions)
  if (node === null || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'description' && typeof value === 'string' ? [value] : descriptions(value),
  )
}

describe('tools/list descriptions', () => {
  test('name the tools, not the REST routes they stand for, and no response header', async () => {
    const tools = await listing()
    const all = descriptions(Object.values(tools))
    // The routes that have a tool; POST /api/routes/search (the earlier route) has none and may be named.
    expect(all.filter((d) => /\/api\/v1\//.test(d))).toEqual([])
    expect(all.filter((d) => /x-scorer|header/i.test(d))).toEqual([])
    const signal = (tools.list_signals as any).outputSchema.properties.signals.items.properties
    expect(signal.verdict.description).toBe("The team's verdict on the signal (rate_signal), or null.")
    expect(signal.id.description).toBe("The signal's id: the id rate_signal takes.")
    expect(tools.score_lead?.outputSchema?.description).toBe(
      'The text as judged; 1 request counted. The result\'s _meta["lead-signals/scorer"] names the scorer that answered.',
    )
  })
})
