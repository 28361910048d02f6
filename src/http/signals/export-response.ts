import type * as v from 'valibot'
import { documentedErrors, headerObjects } from '../response-headers'
import type { SignalExport } from '../../domain/signals/export'

/** docs/api.md#export: the export's stream as a download. */
export const exportResponse = (e: SignalExport) =>
  new Response(endedQuietly(e.body), {
    headers: {
      'content-type': e.contentType,
      'content-disposition': `attachment; filename="${e.fileName}"`,
      'cache-control': 'no-store',
    },
  })

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
function endedQuietly(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await reader.read()
          if (next.done) controller.close()
          else controller.enqueue(next.value)
        } catch {
          controller.error(undefined)
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  )
}
