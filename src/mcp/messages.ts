import {
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  RequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js'
import { echoed } from '../lib/text'

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

// The members of a request or notification; the SDK reads no message with any other.
const REQUEST_MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params'])

// The SDK's own bound on a batch (server/requestBody.js), checked here with the other batch rules.
const MAX_BATCH = 100

/**
 * One incoming JSON-RPC message as text, checked before the SDK reads it, on both transports
 * (docs/api.md#mcp-over-http): the messages, parsed, when the SDK can have them; else the answer for one that is not
 * JSON (-32700), not a message (-32600), a batch where none is taken (-32600), or a request whose params the method
 * does not take (-32602). The SDK answered several of these with a parse error, or over stdio with nothing at all.
 * `batches`: a list of messages is read as a batch, which MCP had in 2025-03-26 only (see http.ts).
 */
export function readMessage(
  text: string,
  batches = false,
): { messages: Record<string, unknown>[]; batch?: true } | { refusal: Refusal; ofNotification?: true } {
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return { refusal: refusal(null, -32700, 'Parse error: the message is not JSON') }
  }
  if (Array.isArray(message)) {
    if (!batches)
      return {
        refusal: refusal(
          null,
          -32600,
          'Invalid Request: send one message at a time (MCP has no batches since 2025-06-18)',
        ),
      }
    return readBatch(message)
  }
  const refused = messageRefusal(message)
  if (!refused) return { messages: [message as Record<string, unknown>] }
  // A notification (a message of JSON-RPC's shape, without id) whose params MCP does not take: JSON-RPC sends no
  // answer to a notification, even an error, so stdio answers nothing; over HTTP the POST itself is still refused.
  const m = message as Record<string, unknown>
  return refused.error.code === -32602 && !Object.hasOwn(m, 'id')
    ? { refusal: refused, ofNotification: true }
    : { refusal: refused }
}

/**
 * A batch is taken whole or refused whole, with id null: a bad message in it is named by its place, and so is an
 * initialize. Two requests with one id are refused too: the SDK matches answers to requests by id, and gave the first
 * answer for both.
 */
function readBatch(items: unknown[]): { messages: Record<string, unknown>[]; batch: true } | { refusal: Refusal } {
  if (items.length === 0)
    return { refusal: refusal(null, -32600, 'Invalid Request: a batch holds at least one message') }
  if (items.length > MAX_BATCH)
    return { refusal: refusal(null, -32600, `Invalid Request: a batch holds at most ${MAX_BATCH} messages`) }
  const ids = new Set<unknown>()
  for (const [i, item] of items.entries()) {
    const refused = Array.isArray(item)
      ? refusal(null, -32600, 'Invalid Request: a batch holds messages, not batches')
      : messageRefusal(item)
    if (refused) {
      const { code, message } = refused.error
      return { refusal: refusal(null, code, message.replace(':', ` (message ${i + 1}):`)) }
    }
    const m = item as Record<string, unknown>
    // MCP 2025-03-26 (lifecycle): initialize is never part of a batch (docs/api.md#mcp-over-http). Over HTTP the SDK
    // answered a batch holding it alone, and refused one holding more as "only one initialization request is
    // allowed"; over stdio each message of the batch went on, a second initialize included.
    if (m.method === 'initialize')
      return {
        refusal: refusal(null, -32600, `Invalid Request (message ${i + 1}): initialize comes alone, never in a batch`),
      }
    if (!Object.hasOwn(m, 'method') || !Object.hasOwn(m, 'id')) continue
    if (ids.has(m.id))
      return {
        refusal: refusal(
          null,
          -32600,
          `Invalid Request: two requests of the batch have the id ${echoed(JSON.stringify(m.id))}`,
        ),
      }
    ids.add(m.id)
  }
  return { messages: items as Record<string, unknown>[], batch: true }
}

/** The MCP version whose batches a session takes: the one that had them, when its client asks for it. */
export const BATCH_VERSION = '2025-03-26'

function messageRefusal(message: unknown): Refusal | undefined {
  if (Array.isArray(message))
    return refusal(null, -32600, 'Invalid Request: send one message at a time (MCP has no batches since 2025-06-18)')
  if (typeof message !== 'object' || message === null)
    return refusal(null, -32600, 'Invalid Request: a message is a JSON object')
  const m = message as Record<string, unknown>
  const hasId = Object.hasOwn(m, 'id')
  const id = validId(m.id) ? m.id : null
  if (m.jsonrpc !== '2.0') return refusal(id, -32600, 'Invalid Request: jsonrpc must be "2.0"')
  if (hasId && !validId(m.id)) return refusal(null, -32600, BAD_ID)
  if (!Object.hasOwn(m, 'method')) {
    if (hasId && (Object.hasOwn(m, 'result') || Object.hasOwn(m, 'error'))) return sdkRefusal(m, id) // a response
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
  return sdkRefusal(m, id)
}

/**
 * What the SDK's own reading of a message refuses beyond the checks above: a member JSON-RPC does not define, a
 * `params._meta` of the wrong shape (a progressToken that is not a string or an integer), a response whose result is
 * not an object. Given such a message, the SDK answered -32700 ("not JSON") over HTTP and nothing at all over stdio.
 */
function sdkRefusal(m: Record<string, unknown>, id: Id): Refusal | undefined {
  if (JSONRPCMessageSchema.safeParse(m).success) return undefined
  // A malformed response: its id is the server's own, so answering with it would look like a reply to a request.
  if (!Object.hasOwn(m, 'method'))
    return refusal(null, -32600, 'Invalid Request: a response has an id and either a result object or an error')
  const member = Object.keys(m).find((key) => !REQUEST_MEMBERS.has(key))
  const kind = Object.hasOwn(m, 'id') ? 'request' : 'notification'
  if (member !== undefined) return refusal(id, -32600, `Invalid Request: a ${kind} has no member "${echoed(member)}"`)
  const params = RequestSchema.shape.params.safeParse(m.params)
  const where = ['params', ...(params.error?.issues[0]?.path ?? [])].join('.')
  return refusal(id, -32602, `Invalid params for ${echoed(m.method as string)}: ${where} is missing or not valid`)
}

// An integer past 2^53 - 1 comes out of JSON.parse changed, so its answer would carry another id: the message says
// what to send instead, since the client did send an integer.
const BAD_ID =
  'Invalid Request: id must be a string or an integer from -9007199254740991 to 9007199254740991 ' +
  '(send a larger one as a string)'

const validId = (id: unknown): id is string | number =>
  typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id))

const refusal = (id: Id, code: number, message: string): Refusal => ({ jsonrpc: '2.0', id, error: { code, message } })

/**
 * The 400 of an MCP-Protocol-Version header naming a version this server does not speak, on any message but an
 * initialize (docs/api.md#mcp). The SDK's transport answers the same, but with the header whole in its message: up to
 * 16 KiB, and Latin-1 bytes such as U+009B (a terminal's CSI), in text an assistant reads. Here it is shown as echoed.
 */
export function versionRefusal(header: string | null, messages: Record<string, unknown>[]): Refusal | undefined {
  if (header === null || SUPPORTED_PROTOCOL_VERSIONS.includes(header)) return undefined
  if (messages.some((m) => m.method === 'initialize')) return undefined
  const supported = SUPPORTED_PROTOCOL_VERSIONS.join(', ')
  return refusal(
    null,
    -32000,
    `Bad Request: Unsupported protocol version: ${echoed(header)} (supported versions: ${supported})`,
  )
}
