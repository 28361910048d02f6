import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { RequestId } from '@modelcontextprotocol/sdk/types.js'
import type { Deps } from '../deps'
import { authenticate } from '../domain/keys/authenticate'
import { createMcpServer } from './server'
import { buildToolset } from './toolset'

/**
 * Serves the tools on stdin/stdout until the client closes stdin (or SIGINT/SIGTERM), after answering every request
 * already received: a client may pipe its requests and close stdin at once.
 */
export async function serveStdio(deps: Deps, apiKey: string): Promise<void> {
  const server = createMcpServer(deps, buildToolset(deps), () => authenticate(deps, apiKey))
  const transport = new StdioServerTransport()
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve
  })
  await server.connect(transport)
  const requests = trackRequests(transport)
  // The SDK's stdio transport does not end when stdin does.
  const finish = () => void requests.idle().then(() => server.close())
  process.stdin.once('end', finish)
  const stop = () => void server.close()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  try {
    await closed
  } finally {
    process.stdin.off('end', finish)
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
  }
}

/** Follows each request from its arrival to the sending of its answer. Call after `connect`, which sets `onmessage`. */
function trackRequests(transport: Transport) {
  const open = new Set<RequestId>()
  let onIdle: (() => void) | undefined
  const receive = transport.onmessage
  transport.onmessage = (message, extra) => {
    if ('method' in message && 'id' in message) open.add(message.id)
    receive?.(message, extra)
  }
  const send = transport.send.bind(transport)
  transport.send = async (message, options) => {
    await send(message, options)
    if (!('method' in message) && 'id' in message && message.id !== undefined) {
      open.delete(message.id)
      if (open.size === 0) onIdle?.()
    }
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
