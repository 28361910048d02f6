// `lead-signals mcp` from the source, driven by the official SDK's stdio client (modelcontextprotocol.io,
// basic/transports#stdio): the same lifecycle, listing and errors as over HTTP (docs/api.md#mcp-over-stdio).
// A process test: run with --timeout 60000.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { resolve } from 'node:path'
import { buildToolset } from '../../src/mcp/toolset'
import { cleanEnv, createWorkspace, ok, runCli, type Workspace } from '../cli/run-cli'
import { testDeps } from '../support/deps'
import { callTool, toolErrorOf } from '../support/mcp'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')

let ws: Workspace
let client: Client
let transport: StdioClientTransport
const clientErrors: Error[] = []
let stderr = ''
let apiKey = ''

beforeAll(async () => {
  ws = createWorkspace()
  const created = await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  apiKey = /lsk_[A-Za-z0-9_-]+/.exec(created)?.[0] as string
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN, 'mcp'],
    cwd: ws.dir,
    stderr: 'pipe',
    env: {
      ...cleanEnv(),
      LEAD_SIGNALS_DATABASE_URL: ws.dbUrl,
      LEAD_SIGNALS_SCORER_BACKEND: 'rules',
      LEAD_SIGNALS_API_KEY: apiKey,
    },
  })
  transport.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  client = new Client({ name: 'stdio-test', version: '1' })
  // A line on stdout that is not a protocol message would land here.
  client.onerror = (error) => clientErrors.push(error)
  await client.connect(transport)
}, 60_000)

afterAll(async () => {
  await client?.close()
  ws?.cleanup()
})

describe('lead-signals mcp with the SDK stdio client', () => {
  test('initializes (the SDK refuses a version it does not have) with the tools capability, and answers ping', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'lead-signals' })
    expect(client.getServerCapabilities()).toEqual({ tools: {} })
    expect(client.getInstructions()).toContain('get_usage')
    expect(await client.ping()).toEqual({})
  })

  test('lists the tools that HTTP lists, with the same input schemas', async () => {
    const { deps } = await testDeps()
    const overHttp = buildToolset(deps).listings
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(overHttp.map((t) => t.name))
    expect(tools.map((t) => t.inputSchema)).toEqual(overHttp.map((t) => t.inputSchema))
  })

  test('a good call is a result, bad arguments a tool error, an unknown tool a JSON-RPC error', async () => {
    const usage = await callTool(client, 'get_usage')
    expect(usage.structuredContent).toMatchObject({ team: 'acme', plan: 'growth' })
    const bad = toolErrorOf(await callTool(client, 'list_signals', { limit: 'ten' }))
    expect(bad.code).toBe('invalid_request')
    const unknown = await callTool(client, 'no_such_tool').catch((e) => e)
    expect(unknown).toBeInstanceOf(McpError)
    expect((unknown as McpError).code).toBe(ErrorCode.InvalidParams)
    const used = await callTool(client, 'get_usage')
    expect((used.structuredContent as { usage: { used: number } }).usage.used).toBe(0)
  })

  test('stdout carried protocol messages only, and nothing was logged as an error', () => {
    expect(clientErrors).toEqual([])
    expect(stderr).not.toMatch(/"level":"error"/)
  })

  test('a 2026-07-28 client probing with server/discover is told -32601 and falls back; initialize negotiates', async () => {
    const initialize = (id: number, protocolVersion: string) => ({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
    })
    const discover = {
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    }
    // 2026-07-28 (lifecycle, backward compatibility over stdio): any error but UnsupportedProtocolVersionError
    // (-32022) means a server of the initialize era; the client then starts it again and sends initialize.
    const lines = [discover, initialize(2, '2026-07-28'), initialize(3, '2024-11-05')]
    const r = await runCli(ws, ['mcp'], {
      env: { LEAD_SIGNALS_API_KEY: apiKey },
      stdin: lines.map((l) => `${JSON.stringify(l)}\n`).join(''),
      timeoutMs: 30_000,
    })
    expect(r.code).toBe(0)
    const answers = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(answers[0]).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } })
    expect(answers.slice(1).map((a) => [a.id, a.result.protocolVersion])).toEqual([
      [2, '2025-11-25'],
      [3, '2024-11-05'],
    ])
  })
})
