import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { listSignals } from '../../domain/signals/list'
import { apiChecks } from '../checks'
import { countedErrors } from '../../wire/common'
import { validated } from '../validated'
import { SignalPage, SignalQuery } from '../../wire/signals'

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
