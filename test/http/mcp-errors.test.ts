// Failed tool calls over Streamable HTTP: the contract's code and message as a tool error, and nothing charged.
import { afterAll, describe, expect, test } from 'bun:test'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { ConfigInput } from '../../src/config/schema'
import type { Deps } from '../../src/deps'
import { seedTeam, testDeps } from '../support/deps'
import { fakePlatforms } from '../support/fake-platforms'
import { client as restClient } from '../support/http'
import { callTool, httpClient, listen, postMcp, rawMcpTeam, toolErrorOf } from '../support/mcp'
import { REFUSED_ORIGIN } from '../support/refused'

const platforms = fakePlatforms()
platforms.add('hackernews', 'crm', {
  id: 'h1',
  author: 'pg',
  text: 'Looking for a CRM, any recommendations?',
  at: '2026-11-10T00:00:00.000Z',
})
const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
  platforms.stop()
})
// A port nothing listens on: a model scorer there cannot answer.
const nowhere = REFUSED_ORIGIN

async function setup(a: { config?: Partial<ConfigInput>; plan?: string; credits?: number; deps?: Partial<Deps> } = {}) {
  const { deps } = await testDeps({
    config: {
      platforms: platforms.platformsConfig,
      plans: { tiny: { monthly_requests: 2, platforms: ['hackernews'] } },
      ...a.config,
    },
    deps: a.deps,
  })
  const { apiKey } = await seedTeam(deps, { plan: a.plan, credits: a.credits })
  const server = listen(deps)
  const mcp = await httpClient(server.mcpUrl, apiKey)
  stops.push(() => mcp.close(), server.stop)
  const rest = restClient(deps)
  const usage = async () => {
    const report = (await rest('GET', '/api/v1/usage', { key: apiKey })).body
    return { used: report.usage.used, credits: report.credits }
  }
  return {
    deps,
    mcp,
    rest: (method: string, path: string, body?: unknown) => rest(method, path, { key: apiKey, body }),
    usage,
  }
}

describe('invalid arguments are a tool error with code invalid_request and the same details as REST', () => {
  test('for each counted tool, and nothing is charged', async () => {
    const { mcp, rest, usage } = await setup()
    const cases: [string, Record<string, unknown>, () => ReturnType<typeof rest>][] = [
      [
        'search_mentions',
        { keyword: ' ', platform: 'myspace', limit: 51 },
        () => rest('POST', '/api/v1/mentions/search', { keyword: ' ', platform: 'myspace', limit: 51 }),
      ],
      [
        'search_mentions',
        { keyword: 'crm', platform: 'hackernews', limit: 2.5, extra: true },
        () =>
          rest('POST', '/api/v1/mentions/search', { keyword: 'crm', platform: 'hackernews', limit: 2.5, extra: true }),
      ],
      ['score_lead', { content: 'too short' }, () => rest('POST', '/api/v1/leads/score', { content: 'too short' })],
      ['score_lead', {}, () => rest('POST', '/api/v1/leads/score', {})],
      [
        'list_signals',
        { limit: 0, minScore: 11, since: 'yesterday', intent: 'HOT', extra: 1 },
        () => rest('GET', '/api/v1/signals?limit=0&minScore=11&since=yesterday&intent=HOT&extra=1'),
      ],
      ['list_signals', { limit: 101, offset: -1 }, () => rest('GET', '/api/v1/signals?limit=101&offset=-1')],
      [
        'get_usage',
        { verbose: true },
        async () => ({
          status: 400,
          body: { error: { details: [{ field: 'verbose', message: 'is not a known field' }] } },
          headers: new Headers(),
        }),
      ],
    ]
    for (const [tool, args, viaRest] of cases) {
      const error = toolErrorOf(await callTool(mcp, tool, args))
      const expected = (await viaRest()).body.error
      expect(error.code).toBe('invalid_request')
      // The message says each problem in words, without a validator's prefix (docs/api.md#error-shape).
      expect(error.message).not.toContain('invalid arguments')
      for (const d of error.details ?? []) expect(error.message).toContain(d.message)
      expect(error.details?.length).toBeGreaterThan(0)
      expect(error.details).toEqual(expected.details)
    }
    expect(await usage()).toEqual({ used: 0, credits: 0 })
  })

  test('the message names each field and what is wrong with it', async () => {
    const { mcp } = await setup()
    const error = toolErrorOf(await callTool(mcp, 'search_mentions', { keyword: 'crm', platform: 'myspace', limit: 0 }))
    expect(error.details?.map((d) => d.field)).toEqual(['platform', 'limit'])
    expect(error.message).toContain('limit must be from 1 to 50')
  })
})

describe('refusals and failures are tool errors with the contract code, and only successful calls are charged', () => {
  test('an exhausted quota: quota_exceeded with the seconds until the reset, after the quota and credits', async () => {
    const { mcp, usage } = await setup({ plan: 'tiny', credits: 1 })
    const post = { content: 'We are looking for a CRM for our sales team, any recommendations?' }
    for (let i = 0; i < 3; i++) expect((await callTool(mcp, 'score_lead', post)).isError).toBeFalsy()
    for (const [tool, args] of [
      ['score_lead', post],
      ['list_signals', {}],
      ['search_mentions', { keyword: 'crm', platform: 'hackernews' }],
    ] as const) {
      const error = toolErrorOf(await callTool(mcp, tool, args))
      // The test clock stands at 2026-11-15T12:00Z: 15.5 days before the reset.
      expect(error).toEqual({
        code: 'quota_exceeded',
        message: 'monthly quota and credits are used up; the quota resets at the start of next month (UTC)',
        retryAfterSeconds: 15.5 * 86400,
      })
    }
    expect(await usage()).toEqual({ used: 3, credits: 0 })
    // The free tools still answer.
    expect((await callTool(mcp, 'get_usage')).isError).toBeFalsy()
    expect((await callTool(mcp, 'list_platforms')).isError).toBeFalsy()
  })

  test('concurrent calls on two remaining requests: exactly two succeed', async () => {
    const { mcp, usage } = await setup({ plan: 'tiny' })
    const results = await Promise.all(Array.from({ length: 12 }, () => callTool(mcp, 'list_signals', { limit: 1 })))
    expect(results.filter((r) => !r.isError)).toHaveLength(2)
    expect(results.filter((r) => r.isError).map((r) => toolErrorOf(r).code)).toEqual(Array(10).fill('quota_exceeded'))
    expect(await usage()).toEqual({ used: 2, credits: 0 })
  })

  test('a platform not on the plan, and one on the plan but not configured here', async () => {
    const { mcp, rest, usage } = await setup()
    const notInPlan = toolErrorOf(await callTool(mcp, 'search_mentions', { keyword: 'crm', platform: 'tiktok' }))
    expect(notInPlan).toEqual({ code: 'platform_not_in_plan', message: 'tiktok is not available on the growth plan' })
    expect((await rest('POST', '/api/v1/mentions/search', { keyword: 'crm', platform: 'tiktok' })).body.error).toEqual(
      notInPlan,
    )
    const notConfigured = toolErrorOf(await callTool(mcp, 'search_mentions', { keyword: 'crm', platform: 'twitter' }))
    expect(notConfigured).toEqual({
      code: 'platform_not_configured',
      message: 'twitter is not configured on this server',
    })
    expect(await usage()).toEqual({ used: 0, credits: 0 })
  })

  test('an upstream failure and an upstream timeout are refunded; the next good search is charged once', async () => {
    const { mcp, usage } = await setup({
      config: {
        platforms: { ...platforms.platformsConfig, hackernews: { base_url: platforms.origin, timeout_ms: 400 } },
      },
    })
    const search = { keyword: 'crm', platform: 'hackernews' }
    platforms.fail('hackernews', () => new Response('down', { status: 503 }))
    try {
      const failed = toolErrorOf(await callTool(mcp, 'search_mentions', search))
      expect(failed.code).toBe('upstream_error')
      expect(failed.message).toContain('hackernews')
    } finally {
      platforms.fail('hackernews')
    }
    platforms.slow(1_500)
    try {
      expect(toolErrorOf(await callTool(mcp, 'search_mentions', search)).code).toBe('upstream_timeout')
    } finally {
      platforms.slow(0)
    }
    expect(await usage()).toEqual({ used: 0, credits: 0 })
    expect((await callTool(mcp, 'search_mentions', search)).structuredContent).toMatchObject({
      count: 1,
      usage: { used: 1 },
    })
    expect(await usage()).toEqual({ used: 1, credits: 0 })
  })

  test('a scorer that cannot answer with fallback "none": scorer_unavailable, not charged', async () => {
    const { mcp, usage } = await setup({
      config: { scorer: { backend: 'ollama', fallback: 'none', timeout_ms: 200, ollama: { host: nowhere } } },
    })
    const error = toolErrorOf(
      await callTool(mcp, 'score_lead', { content: 'We are looking for a CRM for our sales team.' }),
    )
    expect(error.code).toBe('scorer_unavailable')
    // When to ask again, as the REST answer's Retry-After (docs/api.md#error-codes): the model is not resting here.
    expect(error).toMatchObject({ retryAfterSeconds: 15, message: expect.stringContaining('nothing was charged') })
    expect(await usage()).toEqual({ used: 0, credits: 0 })
  })

  test('an unexpected failure is internal, says nothing of its cause, and is refunded', async () => {
    const { deps, mcp, usage } = await setup()
    deps.repos.icpProfiles.list = async () => {
      throw new Error('SQLITE_IOERR: disk I/O error at /var/lib/secret/lead-signals.db')
    }
    const result = await callTool(mcp, 'score_lead', { content: 'We are looking for a CRM for our sales team.' })
    expect(toolErrorOf(result)).toEqual({ code: 'internal', message: 'internal error' })
    expect(JSON.stringify(result)).not.toContain('secret')
    expect(await usage()).toEqual({ used: 0, credits: 0 })
  })

  test('an unknown tool is a protocol error (invalid params), not a tool error', async () => {
    const { mcp } = await setup()
    const failure = await callTool(mcp, 'delete_everything').catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(McpError)
    expect((failure as McpError).code).toBe(ErrorCode.InvalidParams)
    // The message as the server wrote it: the client adds the "MCP error -32602:" prefix itself, once.
    expect((failure as McpError).message).toBe('MCP error -32602: unknown tool "delete_everything"')
  })

  test('tools/list with a cursor it never gave is invalid params, as MCP asks of an unknown cursor', async () => {
    const { mcp } = await setup()
    // Every tool comes in the first page, with no nextCursor: any cursor is one this server did not give.
    expect((await mcp.listTools()).nextCursor).toBeUndefined()
    const failure = await mcp.listTools({ cursor: 'page-2' }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(McpError)
    expect((failure as McpError).code).toBe(ErrorCode.InvalidParams)
    expect((failure as McpError).message).toBe(
      'MCP error -32602: unknown cursor: tools/list answers every tool at once, with no nextCursor to send back',
    )
  })
})

describe('a message that is not a JSON-RPC request MCP takes gets the JSON-RPC error that says so', () => {
  test('not JSON, a batch, no jsonrpc, a bad id or params, initialize without params; the key is never charged', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const server = listen(deps)
    stops.push(server.stop)
    const post = async (body: string) => {
      // A version without batches (see the batch tests below).
      const res = await postMcp(server.mcpUrl, body, { 'x-api-key': apiKey, 'mcp-protocol-version': '2025-06-18' })
      return {
        status: res.status,
        body: (await res.json()) as { id: unknown; error: { code: number; message: string } },
      }
    }
    const ping = { jsonrpc: '2.0', id: 7, method: 'ping' }
    const cases: [unknown, number, unknown][] = [
      ['{bad', -32700, null],
      [[], -32600, null],
      [[ping], -32600, null],
      [42, -32600, null],
      [{ id: 7, method: 'ping' }, -32600, 7],
      [{ ...ping, jsonrpc: '1.0' }, -32600, 7],
      [{ ...ping, id: null }, -32600, null],
      [{ ...ping, id: 1.5 }, -32600, null],
      [{ ...ping, id: { x: 1 } }, -32600, null],
      [{ ...ping, params: null }, -32600, 7],
      [{ ...ping, params: ['x'] }, -32602, 7],
      [{ jsonrpc: '2.0', id: 7 }, -32600, 7],
      [{ jsonrpc: '2.0', id: 7, method: 'initialize' }, -32602, 7],
      // What the SDK's own schema refuses answered -32700, "not JSON", for JSON.
      [{ ...ping, extra: 1 }, -32600, 7],
      [{ ...ping, method: 'tools/call', params: { name: 'get_usage', _meta: { progressToken: [] } } }, -32602, 7],
      [{ ...ping, method: 'resources/list', params: { _meta: 5 } }, -32602, 7],
      [{ jsonrpc: '2.0', method: 'notifications/initialized', params: { _meta: 'x' } }, -32602, null],
      [{ jsonrpc: '2.0', id: 7, result: 5 }, -32600, null],
    ]
    for (const [message, code, id] of cases) {
      const answer = await post(typeof message === 'string' ? message : JSON.stringify(message))
      expect([message, answer.status, answer.body.error.code, answer.body.id]).toEqual([message, 400, code, id])
      expect(answer.body.error.message).not.toContain('expected')
    }
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'initialize' }))).body.error.message).toBe(
      'Invalid params for initialize: params is missing or not valid',
    )
    const meta = { ...ping, method: 'tools/call', params: { name: 'get_usage', _meta: { progressToken: 1.5 } } }
    expect((await post(JSON.stringify(meta))).body.error.message).toBe(
      'Invalid params for tools/call: params._meta.progressToken is missing or not valid',
    )
    expect((await post(JSON.stringify({ ...ping, extra: 1 }))).body.error.message).toBe(
      'Invalid Request: a request has no member "extra"',
    )
    expect(await post(JSON.stringify(ping))).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 7, result: {} } as never,
    })
  })
})

describe('a request asking to run as a task (MCP 2025-11-25), which this server does not declare', () => {
  test('is processed normally, the task ignored, as MCP asks of a receiver without task support', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const server = listen(deps)
    stops.push(server.stop)
    const post = async (message: unknown) => {
      const res = await fetch(server.mcpUrl, {
        method: 'POST',
        headers: {
          'x-api-key': apiKey,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(message),
      })
      return { status: res.status, body: (await res.json()) as { result?: Record<string, any>; error?: unknown } }
    }
    const call = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_usage', arguments: {}, task: { ttl: 60_000 } },
    })
    expect(call.status).toBe(200)
    expect(call.body.error).toBeUndefined()
    expect(call.body.result?.structuredContent).toMatchObject({ plan: 'growth' })
    const list = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { task: {} } })
    expect(list.body.result?.tools).toHaveLength(7)
  })
})

describe('a batch (a list of messages), which MCP 2025-03-26 has and later versions do not', () => {
  async function poster() {
    const team = await rawMcpTeam()
    stops.push(team.stop)
    const post = async (message: unknown, version?: string) => {
      const { status, body } = await team.post(message, version ? { 'mcp-protocol-version': version } : {})
      return { status, body }
    }
    return { post, used: team.used }
  }
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' })
  const score = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'score_lead', arguments: { content: 'We need a CRM for our sales team, budget approved.' } },
  })
  const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' }

  test('from a 2025-03-26 client (that version, or no MCP-Protocol-Version header): each request answered, in order', async () => {
    const { post, used } = await poster()
    for (const version of [undefined, '2025-03-26']) {
      const answer = await post([ping(1), initialized, score(2)], version)
      expect(answer.status).toBe(200)
      expect(answer.body.map((m: { id: number }) => m.id)).toEqual([1, 2])
      expect(answer.body[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
      expect(answer.body[1].result.structuredContent.intent).toBe('ACTIVE')
    }
    // Each tool call in a batch is counted as one sent alone.
    expect(await used()).toBe(2)
    expect(await post([initialized, initialized])).toEqual({ status: 202, body: null })
  })

  test('refused whole, with nothing run or charged: from a later version, empty, a bad item, a reused id', async () => {
    const { post, used } = await poster()
    const cases: [unknown[], string | undefined, string][] = [
      [
        [ping(1), score(2)],
        '2025-06-18',
        'Invalid Request: send one message at a time (MCP has no batches since 2025-06-18)',
      ],
      [
        [ping(1), score(2)],
        '2025-11-25',
        'Invalid Request: send one message at a time (MCP has no batches since 2025-06-18)',
      ],
      [[], undefined, 'Invalid Request: a batch holds at least one message'],
      [[score(1), { ...ping(2), jsonrpc: '1.0' }], undefined, 'Invalid Request (message 2): jsonrpc must be "2.0"'],
      [[score(1), score(1)], undefined, 'Invalid Request: two requests of the batch have the id 1'],
    ]
    for (const [batch, version, message] of cases) {
      expect([batch, await post(batch, version)]).toEqual([
        batch,
        { status: 400, body: { jsonrpc: '2.0', id: null, error: { code: -32600, message } } },
      ])
    }
    expect(await used()).toBe(0)
  })
})
