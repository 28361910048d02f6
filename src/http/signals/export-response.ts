import type * as v from 'valibot'
import { documentedErrors, headerObjects } from '../response-headers'
import type { Needs } from '../../domain/needs'
import type { SignalExport } from '../../domain/signals/export'
import { EXPORT_IDLE_MS } from '../../domain/signals/export-stream'
import {
  answersOnOwnTimeout,
  type Connection,
  MAX_CONNECTION_IDLE_SEC,
  serverTimeout,
} from '../../wire/connection-timeouts'

/** The connection an export is answered on, as the route's context has it. */
type ExportConnection = Connection

// How long after its own bound an export's connection may still wait on its client: the server checks its
// connections' idle timeouts every 4 seconds (uSockets), and the export's bound must be the first to act.
const CONNECTION_GRACE_SEC = 10

/**
 * docs/api.md#export: the export's stream as a download. The connection's idle timeout is the export's bound: the
 * server's own (Elysia sets 30 s) cut a client stalled longer than that, before the documented 2 minutes, and logged
 * it as a client that left (export_cut). Once the export has ended without its last chunk (its client idle past the
 * bound, or the database failing), the connection is closed as soon as its client takes nothing more, instead of being
 * held, with what the server had not yet sent, until the server's own timeout came round. Once its last chunk is
 * handed over, the connection's idle timeout is the server's again: Bun keeps a request's own for its
 * kept-alive connection, which stayed open the export's bound (over 2 minutes) with nothing asked of it.
 */
export function exportResponse(deps: Needs<'exportIdleMs'>, at: ExportConnection, e: SignalExport) {
  const idleMs = deps.exportIdleMs ?? EXPORT_IDLE_MS
  const timeout = (sec: number) => at.server?.timeout(at.request, Math.min(sec, MAX_CONNECTION_IDLE_SEC))
  // Kept while it is sent, rather than the server's put back when the route has answered (http/connection-timeouts.ts).
  answersOnOwnTimeout(at)
  if (Number.isFinite(idleMs)) timeout(Math.ceil(idleMs / 1000) + CONNECTION_GRACE_SEC)
  return new Response(
    endedQuietly(e.body, {
      // Ended by its bound (or the database) while its client reads nothing: closed a second on, not the grace later.
      cut: () => timeout(1),
      // Before the last chunk is handed over: once the answer has gone, Bun takes no new timeout for it.
      done: () => serverTimeout(at),
    }),
    {
      headers: {
        'content-type': e.contentType,
        'content-disposition': `attachment; filename="${e.fileName}"`,
        'cache-control': 'no-store',
      },
    },
  )
}

/**
 * An export's answers in the OpenAPI document: a file in either format, or the route's JSON `errors` (with 429 only
 * for the signals export, which is counted). Written out here because a route's `response` schemas would replace
 * them, and a file has no valibot schema.
 */
export const fileResponses = (what: string, errors: Record<number, v.GenericSchema>) => ({
  200: {
    description: `${what} (Content-Disposition: attachment), streamed`,
    headers: headerObjects(200, { 200: ['content-disposition'] }),
    content: {
      'text/csv': { schema: { type: 'string' as const } },
      'application/x-ndjson': { schema: { type: 'string' as const } },
    },
  },
  ...documentedErrors(errors),
})

/**
 * The export's stream as the server sends it. A failure midway (the database, logged export_failed) ends it as it
 * did, without the chunked body's last chunk (docs/api.md#export), but with no reason: Bun prints a response stream's
 * error on standard error itself, beside the log line, with its stack, the source lines and the error's properties (a
 * database error's query and parameters). The command line reads the export's own stream, and keeps the error.
 * Nothing is read ahead: the export's next chunk is asked for when the server asks for one.
 */
function endedQuietly(
  body: ReadableStream<Uint8Array>,
  on: { cut: () => void; done: () => void },
): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  // An export ended by its idle bound errors its stream while nothing is reading it (the server asks for the next
  // chunk only once its client has taken the last): known here at once, not at a read that never comes.
  reader.closed.catch(on.cut)
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await reader.read()
          if (next.done) {
            on.done()
            controller.close()
          } else controller.enqueue(next.value)
        } catch {
          controller.error(undefined)
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  )
}
