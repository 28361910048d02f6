import { Elysia } from 'elysia'
import type { Deps } from '../deps'
import { identifyCaller } from '../domain/oauth/identify'
import { requireToolScopes } from '../domain/oauth/scopes'
import { credentialsOf } from '../wire/credentials'
import { errorBody } from '../wire/failure'
import { AppError } from '../errors'
import { checkJsonText, readBody } from '../wire/body'
import { checkKeysOnce } from '../wire/json-keys'
import { NoParams, parsedOrRefused } from '../wire/validation'
import { working } from '../wire/connection-timeouts'
import { checkOrigin, corsHeaders, PREFLIGHT_HEADERS, refusalLog } from './origin'
import { acceptsJson, SDK_ACCEPT } from './accept'
import type { Refusal } from './messages'
import { buildToolset } from './toolset'
import { inFlightCalls } from './in-flight'
import { loadExchange } from './exchange'

const decoder = new TextDecoder()

/**
 * MCP over Streamable HTTP at /mcp, stateless: each POST gets its own server and transport, and the answer is one
 * JSON body (no SSE stream), so any instance can answer any request and nothing outlives it. Without sessions there
 * is no stream to open (GET) or session to end (DELETE): both are 405, as in the SDK's stateless example.
 */
export const mcpRoutes = (deps: Deps) => {
  const toolset = buildToolset(deps)
  const refusals = refusalLog()
  const calls = inFlightCalls()
  return new Elysia({ name: 'mcp' }).all(
    '/mcp',
    async (context) => {
      const { request } = context
      checkOrigin(deps, refusals, request, context.server?.port)
      const origin = request.headers.get('origin')
      if (origin !== null) {
        Object.assign(context.set.headers, corsHeaders(origin))
        // A browser's preflight carries no credentials: it is answered before the key is asked for.
        if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method'))
          return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS })
      }
      // docs/api.md#order-of-checks: the key (401, a wrong one 403) and the plan's API access (403) before any MCP
      // exchange; an AppError thrown here is answered by the one error mapping in the API's shape
      // (docs/api.md#error-shape).
      const caller = await identifyCaller(deps, credentialsOf(deps.config, request), null).catch(wrongKeyRefused)
      if (caller instanceof Response) return caller
      // Where the REST routes' checks put it, for the request log's team id (http/request-log.ts).
      Object.assign(context, { caller })
      if (request.method !== 'POST') return methodNotAllowed()
      const target = requestTarget(request.url)
      // As on the REST routes, with the query read from the target (see requestTarget).
      parsedOrRefused('query', NoParams, Object.fromEntries(target.searchParams))
      if (!acceptsJson(request.headers.get('accept'))) return refused(406, NOT_ACCEPTABLE)
      const { isJson, readMessage, versionRefusal, batchVersion, createMcpServer, Transport } = await loadExchange()
      // Before the body is read (docs/api.md#order-of-checks, step 4): a body of another type is told to fix its
      // header, not its JSON, even when that JSON nests too deep or would not parse.
      if (!isJson(request.headers.get('content-type'))) return refused(415, UNSUPPORTED_TYPE)
      // Read and measured as the REST bodies are (413, the depth bound and keys named once, in the API's error shape);
      // the transport gets the same bytes and reads the JSON-RPC message from them.
      const body = await readBody(request, deps.config.server.max_body_bytes)
      // A tool call may take longer than the connection's idle timeout (docs/operations.md#server-settings).
      working(context)
      const text = decoder.decode(body)
      checkJsonText(text)
      checkKeysOnce(text)
      const read = readMessage(text, takesBatches(request.headers.get('mcp-protocol-version'), batchVersion))
      if ('refusal' in read) return rpcAnswer(400, read.refusal)
      const wrongVersion = versionRefusal(request.headers.get('mcp-protocol-version'), read.messages)
      if (wrongVersion) return rpcAnswer(400, wrongVersion)
      // A tool called with a token that lacks its scope is refused here, as HTTP 403 with the scopes to ask for in
      // WWW-Authenticate, so that a client can ask its user for more (docs/oauth.md#scopes); in a batch, before any
      // of its messages runs.
      requireToolScopes(
        caller.scopes,
        read.messages.map((message) => toolset.tools.get(calledTool(message) ?? '')?.scope),
      )
      // A call the client gave up on (this POST closed, or cancelled in another) stops and is not charged.
      calls.cancelNamed(caller.team.id, request, read.messages)
      const server = createMcpServer(deps, toolset, async () => caller, calls.trackerFor(caller.team.id, request))
      const transport = new Transport({
        enableJsonResponse: true,
        // The body is within the app's limit already; the transport's own default must not be lower.
        maxRequestBodySize: deps.config.server.max_body_bytes,
      })
      await server.connect(transport)
      // The client's Accept was read above (acceptsJson); the SDK would refuse a wildcard, so it sees the two types.
      const headers = new Headers(request.headers)
      headers.set('accept', SDK_ACCEPT)
      try {
        const answer = await transport.handleRequest(new Request(target.href, { method: 'POST', headers, body }))
        return read.batch ? await asList(answer) : answer
      } finally {
        // With JSON responses the answer is complete here, so the pair can go.
        await server.close()
      }
    },
    {
      // The route reads the body itself (readBody).
      parse: 'none',
      // Not a REST route: the README documents it.
      detail: { hide: true },
    },
  )
}

/**
 * A wrong key (unknown or revoked) is 403 here, where the API answers 401 (docs/api.md#mcp-over-http): an MCP client
 * takes any 401 as the start of a sign-in, and one configured with a key sends it beside the token it gets, and the key
 * is what is read, so the sign-in could never help. RFC 9110's 403 says the credentials sent are not enough and are not
 * to be sent again unchanged; it has no challenge, so the client shows the message instead.
 */
function wrongKeyRefused(failure: unknown): Response {
  if (!(failure instanceof AppError && failure.kind === 'invalid_api_key')) throw failure
  const refusal = new AppError(
    'invalid_api_key',
    'the API key is not valid: give this client a valid key, or remove the key for it to sign in with OAuth instead',
  )
  return new Response(JSON.stringify(errorBody(refusal)), {
    status: 403,
    headers: { 'content-type': 'application/json' },
  })
}

/**
 * The path and query the client asked for, on a fixed origin. Bun builds `request.url` from the Host header, and a
 * valid one need not make a URL that parses (an empty Host, an IPv6 zone `[fe80::1%25eth0]`, IPvFuture `[v1.x]`):
 * the SDK's transport parses it and answered such requests with a JSON-RPC parse error. Elysia's query parser also
 * reads the URL from its first character, so a Host holding `&` or `=` would add query parameters.
 */
function requestTarget(url: string): URL {
  const pathStart = url.indexOf('/', url.indexOf('//') + 2)
  return new URL(url.slice(pathStart), 'http://localhost')
}

/**
 * Whether the client's MCP version has batches: 2025-03-26 had them (a server must take them), 2025-06-18 removed
 * them. A client of 2025-03-26 sends no MCP-Protocol-Version (2025-06-18 added the header, and asks a server that gets
 * none to assume 2025-03-26), and the SDK negotiates that version with it (docs/api.md#mcp-over-http).
 */
const takesBatches = (version: string | null, batchVersion: string) => version === null || version === batchVersion

/** The tool a JSON-RPC message calls, if it is a tools/call. */
function calledTool(msg: { method?: unknown; params?: unknown }): string | undefined {
  const params = msg.params as { name?: unknown } | undefined
  return msg.method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined
}

const methodNotAllowed = () =>
  rpcAnswer(
    405,
    {
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this server is stateless; send POST' },
      id: null,
    },
    { allow: 'POST' },
  )

/**
 * JSON-RPC 2.0 answers a batch with a list, also a batch of one request (as stdio does), but the SDK's transport
 * sends a lone answer as itself: one answer to a batch is put in a list. A batch of notifications alone has no body.
 */
async function asList(answer: Response): Promise<Response> {
  // Only the answers: a batch the transport refused whole is answered alone, as JSON-RPC asks.
  if (answer.status !== 200 || !answer.headers.get('content-type')?.startsWith('application/json')) return answer
  const text = await answer.text()
  if (!text.trimStart().startsWith('{')) return new Response(text, answer)
  const headers = new Headers(answer.headers)
  headers.delete('content-length')
  return new Response(`[${text}]`, { status: answer.status, headers })
}

const NOT_ACCEPTABLE = 'Not Acceptable: the answer is application/json, which the Accept header refuses'
const UNSUPPORTED_TYPE = 'Unsupported Media Type: Content-Type must be application/json'

/** A refusal of the request as a whole, before any message is read: no id to answer to. */
const refused = (status: number, message: string) =>
  rpcAnswer(status, { jsonrpc: '2.0', error: { code: -32000, message }, id: null })

const rpcAnswer = (status: number, body: Refusal, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...headers, 'content-type': 'application/json' } })
