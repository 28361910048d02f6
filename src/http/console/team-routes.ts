import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { addIcp, editIcp, listIcps, removeIcp } from '../../domain/icps/icps'
import { addKeywords, cleanQueries, listKeywords, removeKeywords } from '../../domain/keywords/keywords'
import { allowedOn } from '../../domain/keywords/allowed-on'
import { narrowedSearches } from '../../domain/keywords/narrowed'
import { previewQuery } from '../../domain/keywords/preview'
import { keywordFigures } from '../../domain/feedback/figures'
import { rateWithBefore, undoVerdict } from '../../domain/feedback/undo'
import { openSignal } from '../../domain/signals/open'
import { newSignalCount, readConsoleSignals } from '../../domain/signals/list'
import { openExport } from '../../domain/signals/export'
import { IcpBody, IcpEditBody, KeywordBody, NewSignalsQuery, QueryPreviewBody, UndoBody } from '../../wire/console'
import { FeedbackBody } from '../../wire/feedback'
import { SignalExportQuery, SignalQuery } from '../../wire/signals'
import { exportResponse } from '../signals/export-response'
import { NoQuery, validated } from '../validated'
import { consoleChecks } from './checks'

/**
 * docs/console.md#routes: what the Signals, Keywords and ICP profiles pages read and change (verdicts too), for the
 * viewer's team.
 */
export const consoleTeamRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/console/api', detail: { hide: true } })
    .use(consoleChecks(deps, { signedIn: true }))
    .get('/signals', ({ viewer, query }) => readConsoleSignals(deps, viewer.team, query), {
      query: validated('query', SignalQuery),
    })
    // docs/console.md#routes: the Signals page's "Export CSV", with its filters; not counted, like every console call.
    .get(
      '/signals/export',
      async ({ viewer, query, request, server }) =>
        exportResponse(deps, { request, server }, await openExport(deps, viewer.team, query)),
      {
        query: validated('query', SignalExportQuery),
      },
    )
    // docs/console.md#triage: the Signals page's count of signals new since the viewer's last visit.
    .get('/new-signals', ({ viewer, query }) => newSignalCount(deps, viewer.team, query.after), {
      query: validated('query', NewSignalsQuery),
    })
    .get('/signals/:id', ({ viewer, params }) => openSignal(deps, { teamId: viewer.team.id, id: params.id }), {
      query: NoQuery,
    })
    // docs/console.md#verdicts: a verdict's answer says what the signal was before it, and its Undo puts that back.
    .post(
      '/signals/:id/feedback',
      ({ viewer, params, body }) => rateWithBefore(deps, viewer.team.id, { id: params.id, ...body }, viewer.user.id),
      { body: validated('body', FeedbackBody) },
    )
    .post(
      '/signals/:id/feedback/undo',
      ({ viewer, params, body }) =>
        undoVerdict(deps, { teamId: viewer.team.id, userId: viewer.user.id }, params.id, body),
      { body: validated('body', UndoBody) },
    )
    .get('/keyword-figures', ({ viewer }) => keywordFigures(deps, viewer.team), { query: NoQuery })
    .get('/keywords', async ({ viewer }) => ({ keywords: await listKeywords(deps, { teamId: viewer.team.id }) }), {
      query: NoQuery,
    })
    .post(
      '/keywords',
      async ({ viewer, body }) => {
        const added = await addKeywords(deps, { teamId: viewer.team.id, keywords: cleanQueries([body.keyword]) })
        // docs/queries.md#per-platform: where the platforms' searches ask for less than the keyword does.
        const narrowed = narrowedSearches(deps, viewer.team.plan, added.added)
        return { ...added, narrowed, allowedOn: allowedOn(added.added) }
      },
      { body: validated('body', KeywordBody) },
    )
    // docs/queries.md#preview: what a query would match among the team's recent signals, or where it is wrong.
    .post(
      '/keywords/preview',
      ({ viewer, body }) => previewQuery(deps, { teamId: viewer.team.id, query: body.query }),
      {
        body: validated('body', QueryPreviewBody),
      },
    )
    .delete('/keywords/:keyword', async ({ viewer, params }) =>
      removeKeywords(deps, { teamId: viewer.team.id, keywords: [params.keyword] }),
    )
    .get('/icp-profiles', async ({ viewer }) => ({ profiles: await listIcps(deps, { teamId: viewer.team.id }) }), {
      query: NoQuery,
    })
    .post('/icp-profiles', ({ viewer, body }) => addIcp(deps, { teamId: viewer.team.id, ...body }), {
      body: validated('body', IcpBody),
    })
    .put(
      '/icp-profiles/:name',
      ({ viewer, body, params }) => editIcp(deps, { teamId: viewer.team.id, name: params.name, ...body }),
      { body: validated('body', IcpEditBody) },
    )
    .delete('/icp-profiles/:name', ({ viewer, params }) =>
      removeIcp(deps, { teamId: viewer.team.id, name: params.name }),
    )
