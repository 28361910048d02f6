import type * as v from 'valibot'
import { documentedErrors, headerObjects } from '../response-headers'
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
