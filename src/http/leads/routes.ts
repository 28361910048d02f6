import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { scoreLead } from '../../domain/scoring/score-lead'
import { SCORING_GUIDE } from '../../domain/scoring/guide'
import { apiChecks } from '../checks'
import { countedErrors, errorBody } from '../../wire/common'
import { NoQuery, validated, answers } from '../validated'
import { ScoreBody, ScoreResult } from '../../wire/leads'
import { apiSecurity } from '../api-security'

export const leadsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['leads'] } }).use(apiChecks(deps, 'leads:score')).post(
    '/leads/score',
    async ({ caller, body, set }) => {
      const { body: result, scoredBy } = await scoreLead(deps, caller, body)
      set.headers['x-scorer'] = scoredBy
      return result
    },
    {
      // Names the JSON parser so the docs list application/json (http/checks.ts reads the body).
      parse: 'json',
      body: validated('body', ScoreBody),
      query: NoQuery,
      response: answers(
        deps.config,
        { 200: ScoreResult, ...countedErrors, 503: errorBody(503, ['scorer_unavailable', 'storage_unavailable']) },
        { 200: ['x-scorer'], 503: ['retry-after'] },
      ),
      detail: {
        summary: 'Score a text for buying intent',
        description:
          "Intent, a 0-10 score, the team's best-matching ICP profile and a reason. Counts 1 request. " +
          'The `x-scorer` response header names the scorer that answered (`rules`, the embedded scorer, when it stood in for a model).\n\n' +
          SCORING_GUIDE,
        security: apiSecurity('leads:score'),
      },
    },
  )
