import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { searchMentions } from '../../domain/search/search-mentions'
import { searchScored } from '../../domain/search/search-scored'
import { apiChecks } from '../checks'
import { countedErrors, errorBody } from '../../wire/common'
import { NoQuery, validated, answers } from '../validated'
import { RawResult, RawSearchBody, ScoredResult, ScoredSearchBody } from '../../wire/mentions'
import { apiSecurity } from '../api-security'
import type { RouteHeaders } from '../response-headers'

const errors = {
  ...countedErrors,
  403: errorBody(403, ['no_api_access', 'insufficient_scope', 'platform_not_in_plan']),
  502: errorBody(502),
  503: errorBody(503),
  504: errorBody(504),
}
const security = apiSecurity('mentions:search')
// A platform's rate limit (502, 503 platform_budget_exhausted) and, scored, the scorer's 503 say when to ask again.
const headers: RouteHeaders = { 502: ['retry-after'], 503: ['retry-after'] }

/**
 * One route, in the response variant this server is configured for (`api.search_variant`, docs/api.md#mention-search).
 */
export const mentionsRoutes = (deps: Deps) => {
  const app = new Elysia({ prefix: '/api/v1', detail: { tags: ['mentions'] } }).use(apiChecks(deps, 'mentions:search'))
  if (deps.config.api.search_variant === 'scored') {
    return app.post('/mentions/search', ({ caller, body }) => searchScored(deps, caller, body), {
      // Names the JSON parser so the docs list application/json (http/checks.ts reads the body).
      parse: 'json',
      body: validated('body', ScoredSearchBody),
      query: NoQuery,
      response: answers(deps.config, { 200: ScoredResult, ...errors }, headers),
      detail: {
        summary: 'Search live and score each result (scored variant)',
        description:
          'Without a platform, every one of the six the plan has and this server has configured, merged by aiScore. Counts 1 request.',
        security,
      },
    })
  }
  return app.post('/mentions/search', ({ caller, body }) => searchMentions(deps, caller, body), {
    parse: 'json',
    body: validated('body', RawSearchBody),
    query: NoQuery,
    response: answers(deps.config, { 200: RawResult, ...errors }, headers),
    detail: {
      summary: 'Search one platform live by keyword',
      description:
        'Raw mentions, newest first, content exactly as the platform sent it (HTML, entities and all). Counts 1 request when it succeeds; a platform whose request budget is spent (or that asked to wait) is 503 platform_budget_exhausted with Retry-After, uncharged.',
      security,
    },
  })
}
