import { toJsonSchema } from '@valibot/to-json-schema'
import { countedErrors } from '../../wire/common'
import type { SignalExport } from '../../domain/signals/export'

/** docs/api.md#export: the export's stream as a download. */
export const exportResponse = (e: SignalExport) =>
  new Response(e.body, {
    headers: {
      'content-type': e.contentType,
      'content-disposition': `attachment; filename="${e.fileName}"`,
      'cache-control': 'no-store',
    },
  })

/**
 * The export's answers in the OpenAPI document: a file in either format, or the JSON errors of every counted route.
 * Written out here because a route's `response` schemas would replace them, and a file has no valibot schema.
 */
export const EXPORT_RESPONSES = {
  200: {
    description: 'The signals as a file (Content-Disposition: attachment), streamed',
    content: {
      'text/csv': { schema: { type: 'string' as const } },
      'application/x-ndjson': { schema: { type: 'string' as const } },
    },
  },
  ...Object.fromEntries(
    Object.entries(countedErrors).map(([status, schema]) => [
      status,
      { description: `Error ${status}`, content: { 'application/json': { schema: toJsonSchema(schema) } } },
    ]),
  ),
}
