import { afterAll } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { createApp } from '../../src/app'
import { authenticate } from '../../src/domain/keys/authenticate'
import { createMcpServer } from '../../src/mcp/server'
import { buildToolset } from '../../src/mcp/toolset'
import type { Deps } from '../../src/deps'
import { RUNTIME_BODY_LIMIT } from '../../src/wire/body'
import { seedTeam, testDeps } from './deps'
import { client as restClient } from './http'

/** The real app on a real socket (127.0.0.1, a free port) with the body limit `serve` sets, as a client reaches it. */
export function listen(deps: Deps) {
  const app = createApp(deps).listen({ port: 0, hostname: '127.0.0.1', maxRequestBodySize: RUNTIME_BODY_LIMIT })
  const origin = `http://127.0.0.1:${app.server?.port}`
  return { origin, mcpUrl: new URL('/mcp', origin), stop: () => app.stop(true) }
}

/** A raw POST to /mcp as a Streamable HTTP client sends one: JSON, accepting JSON or SSE, with `headers` added. */
export const postMcp = (url: URL | string, body: string, headers: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  })

/**
 * A team on the real app, for raw POSTs to /mcp: `post` sends a message (or a batch) as JSON with `headers` added and
 * gives back the status and the parsed body (null when empty); `used` is the team's requests this month.
 */
export async function rawMcpTeam() {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  const rest = restClient(deps)
  const used = async (): Promise<number> => (await rest('GET', '/api/v1/usage', { key: apiKey })).body.usage.used
  const post = async (message: unknown, headers: Record<string, string> = {}) => {
    const res = await postMcp(server.mcpUrl, JSON.stringify(message), { 'x-api-key': apiKey, ...headers })
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null }
  }
  return { deps, apiKey, mcpUrl: server.mcpUrl, post, used, stop: server.stop }
}

/**
 * For one test file: a new team on its own server (rawMcpTeam) per call, each server stopped after the file's tests.
 */
export function rawMcpTeams(): () => ReturnType<typeof rawMcpTeam> {
  const stops: (() => unknown)[] = []
  afterAll(async () => {
    for (const stop of stops) await stop()
  })
  return async () => {
    const team = await rawMcpTeam()
    stops.push(team.stop)
    return team
  }
}

/** An MCP client of the official SDK, connected over Streamable HTTP with the key in `x-api-key`. */
export async function httpClient(mcpUrl: URL, apiKey?: string): Promise<Client> {
  const client = new Client({ name: 'lead-signals-tests', version: '1.0.0' })
  const headers: Record<string, string> = apiKey === undefined ? {} : { 'x-api-key': apiKey }
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } }))
  return client
}

/**
 * An SDK client of the server `lead-signals mcp` runs (stdio.ts: one session, the key checked at each call), through
 * the SDK's in-memory pair of transports; `boundMs`: how long a tool call may run (mcp/call-bound.ts).
 */
export async function sessionClient(deps: Deps, apiKey: string, boundMs?: number): Promise<Client> {
  const server = createMcpServer(deps, buildToolset(deps), () => authenticate(deps, apiKey), undefined, boundMs)
  const [ours, theirs] = InMemoryTransport.createLinkedPair()
  await server.connect(theirs)
  const client = new Client({ name: 'lead-signals-tests', version: '1.0.0' })
  await client.connect(ours)
  return client
}

export type ToolError = {
  code: string
  message: string
  details?: { field: string; message: string }[]
  retryAfterSeconds?: number
}

/** The contract error a tool error carries as JSON text; fails the test when the call did not fail. */
export function toolErrorOf(result: CallToolResult): ToolError {
  if (!result.isError) throw new Error(`expected a tool error, got ${JSON.stringify(result.structuredContent)}`)
  const [first] = result.content
  if (first?.type !== 'text') throw new Error('a tool error without text')
  return (JSON.parse(first.text) as { error: ToolError }).error
}

/** Calls a tool and returns the result as a plain object (the SDK's return type is wider than a tools/call result). */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult
}
