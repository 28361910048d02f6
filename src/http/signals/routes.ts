import type * as v from 'valibot'
import { SignalPath } from '../../wire/path-ids'
import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { rateSignal } from '../../domain/feedback/rate'
import { exportSignals } from '../../domain/signals/export'
import { listSignals } from '../../domain/signals/list'
import { apiChecks } from '../checks'
import { countedErrors, errorBody, keyedErrors } from '../../wire/common'
import { FeedbackAnswer, FeedbackBody } from '../../wire/feedback'
import { NoQuery, validated, answers, unchecked } from '../validated'
import { SignalExportQuery, SignalPage, SignalQuery } from '../../wire/signals'
import { exportResponse, fileResponses } from './export-response'
import { withResponseHeaders } from '../response-headers'
import { signalPageText } from './page-answer'
import { apiSecurity } from '../api-security'

export const signalsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['signals'] } })
    .use(apiChecks(deps, 'signals:read'))
    .get(
      '/signals',
      // Text with its type, not a Response: the framework would copy a Response into a new one to add the request's
      // headers (docs/performance.md#signal-pages). The text is checked where it is written.
      async ({ caller, query, set }) => {
        const text = signalPageText(deps.config, await listSignals(deps, caller, query))
        set.headers['content-type'] = 'application/json;charset=utf-8'
        // Typed as the answer it is written from: the framework sends a string as it stands.
        return text as unknown as v.InferOutput<typeof SignalPage>
      },
      {
        query: validated('query', SignalQuery),
        response: { ...answers(deps.config, countedErrors), 200: withResponseHeaders(200, unchecked(SignalPage), {}) },
        detail: {
          summary: "The team's qualified leads, best first",
          description:
            'Sorted by score, then publishedAt (both descending), then id. Signals judged not relevant are left out ' +
            'unless include=dismissed. Counts 1 request.',
          security: apiSecurity('signals:read'),
        },
      },
    )
    .get(
      '/signals/export',
      async ({ caller, query, request, server }) =>
        exportResponse(deps, { request, server }, await exportSignals(deps, caller, query)),
      {
        query: validated('query', SignalExportQuery),
        detail: {
          summary: 'Every signal that passes the filters, as a CSV or JSON Lines file',
          description:
            'The same filters as GET /api/v1/signals, without paging: every matching signal with its full text, ' +
            'in the order they were stored. Streamed as it is read. A JSON Lines export imports with ' +
            '`lead-signals signals import`. Counts 1 request, charged when the export starts.',
          security: apiSecurity('signals:read'),
          responses: fileResponses('The signals as a file', {
            ...countedErrors,
            429: errorBody(429, ['quota_exceeded', 'too_many_exports']),
          }),
        },
      },
    )

/** docs/api.md#feedback: a verdict is a write, so an OAuth token needs `signals:write` (docs/oauth.md#scopes). */
export const feedbackRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['signals'] } })
    .use(apiChecks(deps, 'signals:write'))
    .post(
      '/signals/:id/feedback',
      ({ caller, params, body }) => rateSignal(deps, caller.team.id, { id: params.id, ...body }),
      {
        // Names the JSON parser so the docs list application/json (http/checks.ts reads the body).
        parse: 'json',
        params: unchecked(SignalPath),
        query: NoQuery,
        body: validated('body', FeedbackBody),
        response: answers(deps.config, { 200: FeedbackAnswer, ...keyedErrors, 404: errorBody(404) }),
        detail: {
          summary: "The team's verdict on one of its signals",
          description:
            '"not_relevant" takes the signal out of the default list (it is kept; include=dismissed shows it), ' +
            '"relevant" keeps or puts it back. A later verdict replaces the earlier one. After 20 verdicts on a ' +
            "keyword they tune that keyword's qualify threshold. Not counted.",
          security: apiSecurity('signals:write'),
        },
      },
    )
