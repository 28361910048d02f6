// Messages over Streamable HTTP that are not a plain JSON-RPC request MCP takes: not JSON-RPC at all, a request asking
// to run as a task, a batch. Each gets what the MCP version it speaks asks for, and nothing is charged that did not
// run. Failed tool calls: mcp-errors.test.ts.
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { listen, postMcp, rawMcpTeam } from '../support/mcp'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

/** A team's key and a server listening for it, stopped after the file. */
async function served() {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  stops.push(server.stop)
  return { apiKey, server }
}

describe('a message that is not a JSON-RPC request MCP takes gets the JSON-RPC error that says so', () => {
  test('not JSON, a batch, no jsonrpc, a bad id or params, initialize without params; the key is never charged', async () => {
    const { apiKey, server } = await served()
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
    const { apiKey, server } = await served()
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
