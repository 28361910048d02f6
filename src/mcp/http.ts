import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { Elysia } from 'elysia'
import type { Deps } from '../deps'
import { authenticate } from '../domain/keys/authenticate'
import { createMcpServer } from './server'
import { buildToolset } from './toolset'

/**
 * MCP over Streamable HTTP at /mcp, stateless: each POST gets its own server and transport, and the answer is one
 * JSON body (no SSE stream), so any instance can answer any request and nothing outlives it. Without sessions there
 * is no stream to open (GET) or session to end (DELETE): both are 405, as in the SDK's stateless example.
 */
export const mcpRoutes = (deps: Deps) => {
  const toolset = buildToolset(deps)
  return new Elysia({ name: 'mcp' }).all('/mcp', async ({ request }) => {
    // contract §5: the key (401) and the plan's API access (403) before any MCP exchange; an AppError thrown here
    // is answered by the one error mapping in the contract's shape.
    const caller = await authenticate(deps, request.headers.get('x-api-key'))
    if (request.method !== 'POST') return methodNotAllowed()
    const server = createMcpServer(deps, toolset, async () => caller)
    const transport = new WebStandardStreamableHTTPServerTransport({
      enableJsonResponse: true,
      // Also bounds a body sent without Content-Length, which the app's own check cannot see in advance.
      maxRequestBodySize: deps.config.server.max_body_bytes,
    })
    await server.connect(transport)
    try {
      return await transport.handleRequest(request)
    } finally {
      // With JSON responses the answer is complete here, so the pair can go.
      await server.close()
    }
  }, {
    // The transport reads the body itself.
    parse: 'none',
    // Not a REST route: the README documents it.
    detail: { hide: true },
  })
}

function methodNotAllowed() {
  const body = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless; send POST' }, id: null }
  return new Response(JSON.stringify(body), { status: 405, headers: { allow: 'POST', 'content-type': 'application/json' } })
}
