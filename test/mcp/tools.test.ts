// tools/list and tools/call with the official SDK's client as the specification has them (modelcontextprotocol.io,
// server/tools, 2025-11-25): valid schemas, a tool error for arguments the model can fix, a JSON-RPC error for a
// request the server cannot take, and the quota on each call (docs/api.md#mcp-tools).
import { afterAll, describe, expect, test } from 'bun:test'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import Ajv from 'ajv'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { seedTeam, testDeps } from '../support/deps'
import { fakePlatforms } from '../support/fake-platforms'
import { client as restClient } from '../support/http'
import { callTool, httpClient, listen, toolErrorOf } from '../support/mcp'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})
// One post for search_mentions to find.
const platforms = fakePlatforms()
stops.push(() => platforms.stop())
const post = { id: 'h1', author: 'pg', text: 'Looking for a CRM for our sales team.', at: '2026-11-10T00:00:00.000Z' }
platforms.add('hackernews', 'crm', post)

/** A team with one signal, on a plan of `monthly` requests and no credits, and an SDK client with its key. */
async function world(monthly = 100) {
  const { deps } = await testDeps({
    config: {
      platforms: platforms.platformsConfig,
      plans: { small: { monthly_requests: monthly, platforms: ['hackernews'] } },
    },
  })
  const { team, apiKey } = await seedTeam(deps, { plan: 'small' })
  await deps.repos.signals.insertMany(team.id, [
    {
      id: 'sig_1',
      teamId: team.id,
      platform: 'hackernews',
      postId: 'p1',
      author: 'pg',
      intent: 'ACTIVE',
      score: 8,
      reason: 'asks for a CRM',
      icpMatch: null,
      preview: 'looking for a CRM',
      contentFull: 'We are looking for a CRM',
      url: 'https://example.com/1',
      keyword: 'crm',
      publishedAt: '2026-11-10T00:00:00.000Z',
      detectedAt: '2026-11-10T00:00:00.000Z',
    },
  ])
  const server = listen(deps)
  const mcp = await httpClient(server.mcpUrl, apiKey)
  stops.push(() => mcp.close(), server.stop)
  const rest = restClient(deps)
  const used = async (): Promise<number> => (await rest('GET', '/api/v1/usage', { key: apiKey })).body.usage.used
  return { mcp, used }
}

// Good arguments for each tool, and whether a call spends a request (docs/api.md#mcp-tools).
const GOOD: Record<string, { args: Record<string, unknown>; counted: boolean }> = {
  search_mentions: { args: { keyword: 'crm', platform: 'hackernews' }, counted: true },
  score_lead: { args: { content: 'We need a CRM for our sales team, budget approved.' }, counted: true },
  list_signals: { args: { limit: 5 }, counted: true },
  list_people: { args: {}, counted: false },
  rate_signal: { args: { id: 'sig_1', verdict: 'relevant' }, counted: false },
  get_usage: { args: {}, counted: false },
  list_platforms: { args: {}, counted: false },
}

describe('tools/list', () => {
  test('names, titles and descriptions; input and output schemas are JSON Schema objects in both dialects', async () => {
    const { mcp } = await world()
    const { tools, nextCursor } = await mcp.listTools()
    expect(nextCursor).toBeUndefined()
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(GOOD).sort())
    for (const tool of tools) {
      // 2025-11-25: 1 to 128 characters of A-Z, a-z, 0-9, _, - and .
      expect(tool.name).toMatch(/^[A-Za-z0-9_.-]{1,128}$/)
      expect(tool.title?.length).toBeGreaterThan(3)
      expect(tool.description?.length).toBeGreaterThan(40)
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        expect(schema?.type).toBe('object')
        // No $schema: 2020-12 is MCP's default dialect; the SDK's client checks results with draft-07.
        expect(schema?.$schema).toBeUndefined()
        // With the standard formats (date-time), which the SDK's client loads too.
        expect(() => addFormats(new Ajv2020({ strict: true })).compile(schema as object)).not.toThrow()
        expect(() => addFormats(new Ajv({ strict: true })).compile(schema as object)).not.toThrow()
      }
      const fields = Object.entries(tool.inputSchema.properties ?? {}) as [string, { description?: string }][]
      for (const [field, schema] of fields)
        expect([tool.name, field, !!schema.description]).toEqual([tool.name, field, true])
      // Good arguments are valid against the published schema, so a client checking them first still sends them.
      const valid = new Ajv2020({ strict: false }).compile(tool.inputSchema)
      expect([tool.name, valid(GOOD[tool.name]?.args)]).toEqual([tool.name, true])
    }
  })

  test('annotations: destructiveHint false only where a tool adds and overwrites nothing (ToolAnnotations)', async () => {
    const { mcp } = await world()
    const { tools } = await mcp.listTools()
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]))
    // rate_signal replaces the signal's earlier verdict and reason: an update that is not only additive, which a
    // client may ask its user to confirm. Calling it again with the same verdict changes nothing more.
    expect(hints.rate_signal).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true })
    // The counted tools only take a unit of quota, which adds a request to the month's count.
    for (const name of ['search_mentions', 'score_lead', 'list_signals'])
      expect([name, hints[name]]).toMatchObject([name, { readOnlyHint: false, destructiveHint: false }])
    for (const name of ['list_people', 'get_usage', 'list_platforms'])
      expect([name, hints[name]?.readOnlyHint]).toEqual([name, true])
  })
})

/** Every `description` in a tools/list entry: the tool's own and those of its schemas' fields, each with its place. */
function descriptionsOf(node: unknown, where: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) for (const [i, item] of node.entries()) descriptionsOf(item, `${where}[${i}]`, out)
  else if (node !== null && typeof node === 'object')
    for (const [key, value] of Object.entries(node))
      if (key === 'description' && typeof value === 'string') out.push([where, value])
      else descriptionsOf(value, `${where}.${key}`, out)
  return out
}

describe('the pages tool descriptions name (docs/api.md#mcp-tools)', () => {
  // An assistant or its user cannot open the repository's docs/queries.md: the server serves it at /docs/queries.
  test('are addresses the server serves, on server.public_url when it is set, never a file of the repository', async () => {
    for (const publicUrl of ['', 'https://leads.example.com']) {
      const { deps } = await testDeps({ config: { server: { public_url: publicUrl } } })
      const { apiKey } = await seedTeam(deps)
      const server = listen(deps)
      stops.push(server.stop)
      const mcp = await httpClient(server.mcpUrl, apiKey)
      stops.push(() => mcp.close())
      const descriptions = descriptionsOf((await mcp.listTools()).tools, 'tools')
      expect(descriptions.filter(([, text]) => /docs\/[a-z-]+\.md/.test(text))).toEqual([])
      const addresses = descriptions.flatMap(
        ([, text]) => text.match(/(https?:\/\/[^\s/()]+)?\/docs\/[a-z-]+(#[a-z0-9-]+)?/g) ?? [],
      )
      expect(addresses).toContain(`${publicUrl}/docs/queries`)
      for (const address of new Set(addresses)) {
        expect(address.startsWith(`${publicUrl}/docs/`)).toBe(true)
        const page = await fetch(new URL(address.slice(publicUrl.length), server.origin))
        await page.body?.cancel()
        expect([address, page.status]).toEqual([address, 200])
      }
    }
  })
})

describe('tools/call', () => {
  test('each tool with good arguments: a result checked by the client against its output schema, counted as documented', async () => {
    const { mcp, used } = await world()
    let spent = 0
    for (const [name, { args, counted }] of Object.entries(GOOD)) {
      // The SDK's client validates structuredContent against the listed outputSchema and throws on a mismatch.
      const result = await callTool(mcp, name, args)
      expect([name, result.isError ?? false]).toEqual([name, false])
      expect(result.structuredContent).toBeDefined()
      if (counted) spent++
      expect([name, await used()]).toEqual([name, spent])
    }
  })

  test('arguments the model can fix are a tool error (isError, invalid_request), never charged', async () => {
    const { mcp, used } = await world()
    for (const name of Object.keys(GOOD)) {
      for (const args of [{ not_an_argument: 1 }, { ...GOOD[name]?.args, limit: 'ten', platform: 5 }]) {
        const error = toolErrorOf(await callTool(mcp, name, args))
        expect([name, error.code]).toEqual([name, 'invalid_request'])
        expect(error.details?.length).toBeGreaterThan(0)
      }
    }
    expect(await used()).toBe(0)
  })

  test('a request the server cannot take is a JSON-RPC error: an unknown tool, arguments that are not an object', async () => {
    const { mcp } = await world()
    const refused = async (params: Record<string, unknown>) => {
      const error = await mcp.request({ method: 'tools/call', params } as never, {} as never).catch((e) => e)
      expect(error).toBeInstanceOf(McpError)
      return (error as McpError).code
    }
    expect(await refused({ name: 'no_such_tool', arguments: {} })).toBe(ErrorCode.InvalidParams)
    expect(await refused({ name: 'get_usage', arguments: ['x'] })).toBe(ErrorCode.InvalidParams)
    expect(await refused({ arguments: {} })).toBe(ErrorCode.InvalidParams)
  })

  test('with the month spent: a counted tool is a quota_exceeded tool error; free tools, listing and ping go on', async () => {
    const { mcp, used } = await world(1)
    expect((await callTool(mcp, 'list_signals')).isError).toBeFalsy()
    const error = toolErrorOf(await callTool(mcp, 'score_lead', GOOD.score_lead?.args))
    expect(error.code).toBe('quota_exceeded')
    expect(error.retryAfterSeconds).toBeGreaterThan(0)
    for (const name of ['list_people', 'get_usage', 'list_platforms', 'rate_signal'])
      expect([name, (await callTool(mcp, name, GOOD[name]?.args)).isError ?? false]).toEqual([name, false])
    expect((await mcp.listTools()).tools).toHaveLength(7)
    expect(await mcp.ping()).toEqual({})
    expect(await used()).toBe(1)
  })
})
