import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { noApiAccess } from '../../domain/core/plans'
import { scoreLead } from '../../domain/scoring/score-lead'
import { ScoreBody } from '../../wire/leads'
import { NoQuery, validated } from '../validated'
import { consoleChecks } from './checks'

/**
 * docs/console.md#try-the-scorer: the page that scores a pasted post, for a team that no platform reaches yet. It is
 * `POST /api/v1/leads/score` for the signed-in team, the one console route that is counted: the same checks in the
 * same order (plan API access 403, then the fields 400, then the quota 429), the same domain call, and the same
 * `x-scorer` header, also given in the body (`scoredBy`) for the page to read.
 */
export const consoleScoreRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/console/api', detail: { hide: true } })
    .use(consoleChecks(deps, { signedIn: true }))
    // A derive runs before the body's schema: a plan without API access is refused before a bad post, as the API does.
    .derive(({ viewer }) => {
      if (!viewer.plan.api_access) throw noApiAccess(deps.config, viewer.team)
      return {}
    })
    // Whether the team may try at all, asked when the page opens: a plan without API access is said before a post
    // is typed rather than after.
    .get('/score', () => ({ apiAccess: true }), { query: NoQuery })
    .post(
      '/score',
      async ({ viewer, body, set }) => {
        const { body: result, scoredBy } = await scoreLead(deps, { team: viewer.team, plan: viewer.plan }, body)
        set.headers['x-scorer'] = scoredBy
        return { ...result, scoredBy }
      },
      { body: validated('body', ScoreBody), query: NoQuery },
    )
