import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { exportSignals } from '../../domain/signals/export'
import { listSignals } from '../../domain/signals/list'
import { apiChecks } from '../checks'
import { countedErrors } from '../../wire/common'
import { validated } from '../validated'
import { SignalExportQuery, SignalPage, SignalQuery } from '../../wire/signals'
import { EXPORT_RESPONSES, exportResponse } from './export-response'

export const signalsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['signals'] } })
    .use(apiChecks(deps, 'signals:read'))
    .get('/signals', ({ caller, query }) => listSignals(deps, caller, query), {
      query: validated('query', SignalQuery),
      response: { 200: SignalPage, ...countedErrors },
      detail: {
        summary: "The team's qualified leads, best first",
        description: 'Sorted by score, then publishedAt (both descending), then id. Counts 1 request.',
        security: [{ apiKey: [] }],
      },
    })
    .get('/signals/export', async ({ caller, query }) => exportResponse(await exportSignals(deps, caller, query)), {
      query: validated('query', SignalExportQuery),
      detail: {
        summary: 'Every signal that passes the filters, as a CSV or JSON Lines file',
        description:
          'The same filters as GET /api/v1/signals, without paging: every matching signal with its full text, ' +
          'ordered by platform, then the post id. Streamed as it is read. A JSON Lines export imports with ' +
          '`lead-signals signals import`. Counts 1 request, charged when the export starts.',
        security: [{ apiKey: [] }],
        responses: EXPORT_RESPONSES,
      },
    })
