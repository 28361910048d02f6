// Failed tool calls over Streamable HTTP: the contract's code and message as a tool error, and nothing charged. A
// message that is not a tool call MCP takes (not JSON-RPC, a task, a batch): mcp-messages.test.ts.
import { afterAll, describe, expect, test } from 'bun:test'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { ConfigInput } from '../../src/config/schema'
import type { Deps } from '../../src/deps'
import { seedTeam, testDeps } from '../support/deps'
import { fakePlatforms } from '../support/fake-platforms'
import { client as restClient } from '../support/http'
import { callTool, httpClient, listen, toolErrorOf } from '../support/mcp'
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
