import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js'
import type { Deps } from '../deps'
import { authenticate } from '../domain/keys/authenticate'
import { createMcpServer } from './server'
import { checkedLines } from './stdin-lines'
import { buildToolset } from './toolset'

/** How a stdio session ended: its client closed stdin, a signal stopped it, or its client stopped reading stdout. */
export type StdioEnd = 'input' | 'signal' | 'output'

/**
 * Serves the tools on stdin/stdout until the client closes stdin, after answering every request already received (a
 * client may pipe its requests and close stdin at once), or until SIGINT/SIGTERM, which stops it at once: calls still
 * running get no answer (the caller gives back their units and exits, docs/operations.md#shutdown). A client that
 * stops reading stdout (it quit or crashed) can be answered no more, so that stops it at once too.
 */
export async function serveStdio(deps: Deps, apiKey: string): Promise<StdioEnd> {
  const server = createMcpServer(deps, buildToolset(deps), () => authenticate(deps, apiKey))
  const batches: Batch[] = []
  const input = process.stdin.pipe(
    checkedLines(
      deps.config.server.max_body_bytes,
      (refusal) => process.stdout.write(`${JSON.stringify(refusal)}\n`),
      (messages) => {
        const ids = messages.filter((m) => Object.hasOwn(m, 'method') && Object.hasOwn(m, 'id')).map((m) => m.id)
        if (ids.length) batches.push({ ids: ids as RequestId[], answers: new Map() })
      },
    ),
  )
  // Each line the SDK gets is bounded already (stdin-lines.ts) and read as soon as it comes; its own bound of 10 MB
  // would close the connection under a larger server.max_body_bytes.
  const transport = new StdioServerTransport(input, process.stdout, { maxBufferSize: Number.POSITIVE_INFINITY })
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve
  })
  await server.connect(transport)
  let ended: StdioEnd = 'input'
  // A write to a closed stdout fails (EPIPE): the SDK's send rejects, the stream reports an error (printed with its
  // stack when nobody listens), and later sends wait for a drain that never comes, so the answers still owed would
  // keep the process alive forever, holding the database.
  const outputGone = () => {
    if (ended !== 'input') return
    ended = 'output'
    void server.close()
  }
  process.stdout.on('error', outputGone)
  const requests = trackRequests(transport, outputGone, batches)
  // The SDK's stdio transport does not end when its input does.
  const finish = () => void requests.idle().then(() => server.close())
  input.once('end', finish)
  const stop = () => {
    ended = 'signal'
    void server.close()
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  try {
    await closed
    return ended
  } finally {
    input.off('end', finish)
    process.stdout.off('error', outputGone)
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
  }
}

/** The requests of a batch still to be answered (docs/api.md#mcp-over-stdio), and the answers held until then. */
type Batch = { ids: RequestId[]; answers: Map<RequestId, JSONRPCMessage> }

/**
 * Follows each request from its arrival to the sending of its answer. Call after `connect`, which sets `onmessage`.
 * `sendFailed`: an answer could not be written. The answers to a batch's requests are held and written as one list,
 * in the batch's order, once the last is ready, as JSON-RPC answers a batch.
 */
function trackRequests(transport: Transport, sendFailed: () => void, batches: Batch[]) {
  // Counted per id: a client may (wrongly) reuse one, and each of its requests is answered.
  const open = new Map<RequestId, number>()
  let onIdle: (() => void) | undefined
  const receive = transport.onmessage
  transport.onmessage = (message, extra) => {
    // docs/api.md#mcp-over-stdio: a call cannot be stopped halfway (its quota unit is settled when its work ends), so
    // a cancellation is ignored, as MCP allows for a request that cannot be cancelled, and the call is answered. Given
    // to the SDK, it answered nothing for the request, and the process waited for that answer forever once stdin
    // closed.
    if ('method' in message && message.method === 'notifications/cancelled') return
    if ('method' in message && 'id' in message) open.set(message.id, (open.get(message.id) ?? 0) + 1)
    receive?.(message, extra)
  }
  const send = transport.send.bind(transport)
  transport.send = async (message, options) => {
    const answered = !('method' in message) && 'id' in message && message.id !== undefined ? [message.id] : []
    const [id] = answered
    const batch = id === undefined ? undefined : batches.find((b) => b.ids.includes(id) && !b.answers.has(id))
    let sent: JSONRPCMessage | JSONRPCMessage[] = message
    if (batch && id !== undefined) {
      batch.answers.set(id, message)
      if (batch.answers.size < batch.ids.length) return
      batches.splice(batches.indexOf(batch), 1)
      sent = batch.ids.map((i) => batch.answers.get(i) as JSONRPCMessage)
      answered.splice(0, 1, ...batch.ids)
    }
    // The SDK's send writes any JSON value as one line; a list is a batch's answer.
    await send(sent as JSONRPCMessage, options).catch((error: unknown) => {
      sendFailed()
      throw error
    })
    for (const done of answered) {
      const left = (open.get(done) ?? 1) - 1
      if (left > 0) open.set(done, left)
      else open.delete(done)
    }
    if (answered.length && open.size === 0) onIdle?.()
  }
  return {
    idle: () =>
      open.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            onIdle = resolve
          }),
  }
}
