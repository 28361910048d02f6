import { InitializeRequestSchema, ListToolsRequestSchema, PingRequestSchema } from '@modelcontextprotocol/sdk/types.js'

type Id = string | number | null
/** A JSON-RPC error answer to a message the SDK is never given. */
export type Refusal = { jsonrpc: '2.0'; id: Id; error: { code: number; message: string } }

// The requests whose params the SDK would check itself, answering a wrong one with -32603 (internal error) and its
// validator's dump. tools/call is checked by the server's own handler (server.ts).
const PARAMS = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
} as const

/**
 * One incoming JSON-RPC message as text, checked before the SDK reads it, on both transports
 * (docs/api.md#mcp-over-http): the message, parsed, when the SDK can have it; else the answer for one that is not
 * JSON (-32700), not a message (-32600), a batch (-32600: MCP has had none since 2025-06-18), or a request whose
 * params the method does not take (-32602). The SDK answered several of these with a parse error, or over stdio with
 * nothing at all.
 */
export function readMessage(text: string): { message: Record<string, unknown> } | { refusal: Refusal } {
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return { refusal: refusal(null, -32700, 'Parse error: the message is not JSON') }
  }
  const refused = messageRefusal(message)
  return refused ? { refusal: refused } : { message: message as Record<string, unknown> }
}

function messageRefusal(message: unknown): Refusal | undefined {
  if (Array.isArray(message))
    return refusal(null, -32600, 'Invalid Request: send one message at a time (MCP has no batches since 2025-06-18)')
  if (typeof message !== 'object' || message === null)
    return refusal(null, -32600, 'Invalid Request: a message is a JSON object')
  const m = message as Record<string, unknown>
  const hasId = Object.hasOwn(m, 'id')
  const id = validId(m.id) ? m.id : null
  if (m.jsonrpc !== '2.0') return refusal(id, -32600, 'Invalid Request: jsonrpc must be "2.0"')
  if (hasId && !validId(m.id)) return refusal(null, -32600, 'Invalid Request: id must be a string or an integer')
  if (!Object.hasOwn(m, 'method')) {
    if (hasId && (Object.hasOwn(m, 'result') || Object.hasOwn(m, 'error'))) return undefined // a response
    return refusal(id, -32600, 'Invalid Request: a message is a request, a notification or a response')
  }
  if (typeof m.method !== 'string') return refusal(id, -32600, 'Invalid Request: method must be a string')
  if (Object.hasOwn(m, 'params') && (typeof m.params !== 'object' || m.params === null))
    return refusal(id, -32600, 'Invalid Request: params must be an object')
  if (Array.isArray(m.params)) return refusal(id, -32602, 'Invalid params: params must be an object of named values')
  const schema = hasId ? PARAMS[m.method as keyof typeof PARAMS] : undefined
  const checked = schema?.safeParse(m)
  if (checked && !checked.success) {
    const where = checked.error.issues[0]?.path.join('.') || 'params'
    return refusal(id, -32602, `Invalid params for ${m.method}: ${where} is missing or not valid`)
  }
  return undefined
}

const validId = (id: unknown): id is string | number =>
  typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id))

const refusal = (id: Id, code: number, message: string): Refusal => ({ jsonrpc: '2.0', id, error: { code, message } })
