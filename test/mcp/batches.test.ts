// Batches over Streamable HTTP, which MCP 2025-03-26 has (docs/api.md#mcp-over-http), as JSON-RPC 2.0 §6 answers
// them: a list of answers for a list of messages, whatever their number.
import { describe, expect, test } from 'bun:test'
import { rawMcpTeams } from '../support/mcp'

const team = rawMcpTeams()

async function poster() {
  const { post, used } = await team()
  const postBody = async (message: unknown, headers: Record<string, string> = {}) => {
    const { status, body } = await post(message, headers)
    return { status, body }
  }
  return { post: postBody, used }
}

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' })
const usage = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_usage' } })
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' }

describe('a batch of one request', () => {
  test('is answered with a list of one answer, as a batch of two is with two (and as stdio answers it)', async () => {
    const { post } = await poster()
    for (const headers of [{}, { 'mcp-protocol-version': '2025-03-26' }] as Record<string, string>[]) {
      expect(await post([ping(1)], headers)).toEqual({ status: 200, body: [{ jsonrpc: '2.0', id: 1, result: {} }] })
      // With notifications beside it, which get no answer.
      const answer = await post([initialized, usage(2), initialized], headers)
      expect(answer.status).toBe(200)
      expect(answer.body).toBeArrayOfSize(1)
      expect(answer.body[0]).toMatchObject({ id: 2, result: { structuredContent: { plan: 'growth' } } })
    }
  })

  test('an error answer to it is a list too', async () => {
    const { post } = await poster()
    const unknown = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'no_such_tool' } }
    const answer = await post([unknown])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'unknown tool "no_such_tool"' } },
    ])
  })

  test('one message sent alone, not in a list, is still answered alone', async () => {
    const { post, used } = await poster()
    expect(await post(ping(3))).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 3, result: {} } })
    expect(await used()).toBe(0)
  })
})

describe('initialize in a batch', () => {
  const initialize = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  })

  test('is refused whole, alone or beside other messages: it comes alone, never in a batch (MCP 2025-03-26)', async () => {
    const { post } = await poster()
    const refused = (place: number) => ({
      status: 400,
      body: {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: `Invalid Request (message ${place}): initialize comes alone, never in a batch`,
        },
      },
    })
    expect(await post([initialize(1)])).toEqual(refused(1))
    expect(await post([ping(1), initialize(2)])).toEqual(refused(2))
    // Sent alone, it is answered.
    const alone = await post(initialize(1))
    expect(alone.status).toBe(200)
    expect(alone.body.result.protocolVersion).toBe('2025-03-26')
  })
})
