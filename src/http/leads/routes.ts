import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../deps'
import { scoreLead } from '../../domain/scoring/score-lead'
import { SCORING_GUIDE } from '../../scorers/prompt'
import { Intent } from '../../scorers/types'
import { requireApiKey } from '../auth'
import { countedErrors, ErrorBody, trimmed } from '../schemas'

const ScoreBody = v.strictObject({
  content: trimmed(10, 20_000),
  keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'must be at most 200 characters'))),
  context: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'must be at most 2000 characters'))),
})

const ScoreResult = v.object({
  qualified: v.boolean(),
  score: v.pipe(v.number(), v.minValue(0), v.maxValue(10)),
  intent: Intent,
  icpMatch: v.nullable(v.string()),
  reason: v.string(),
})

export const leadsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['leads'] } })
    .use(requireApiKey(deps))
    .post('/leads/score', async ({ caller, body, set }) => {
      const { body: result, scoredBy } = await scoreLead(deps, caller, body)
      set.headers['x-scorer'] = scoredBy
      return result
    }, {
      // Names the JSON parser so the docs list application/json; the auth plugin's own parser runs first and answers.
      parse: 'json',
      body: ScoreBody,
      response: { 200: ScoreResult, ...countedErrors, 503: ErrorBody },
      detail: {
        summary: 'Score a text for buying intent',
        description: "Intent, a 0-10 score, the team's best-matching ICP profile and a reason. Counts 1 request. " +
          'The `x-scorer` response header names the scorer that answered (`rules` when it stood in for a model).\n\n' + SCORING_GUIDE,
        security: [{ apiKey: [] }],
      },
    })
