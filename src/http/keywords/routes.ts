import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { keywordFigures } from '../../domain/feedback/figures'
import { apiChecks } from '../checks'
import { keyedErrors } from '../../wire/common'
import { KeywordFigures } from '../../wire/feedback'
import { NoQuery, answers } from '../validated'
import { apiSecurity } from '../api-security'

/** docs/api.md#keywords: the figures are about the team's signals, so `signals:read` lets a token read them. */
export const keywordsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['keywords'] } })
    .use(apiChecks(deps, 'signals:read'))
    .get('/keywords', ({ caller }) => keywordFigures(deps, caller.team), {
      query: NoQuery,
      response: answers(deps.config, { 200: KeywordFigures, ...keyedErrors }),
      detail: {
        summary: 'Tracked keywords with their signals, verdicts, precision and qualify threshold',
        description:
          'Per keyword and for the whole team: signals found, verdicts (relevant / not relevant) and precision ' +
          "(relevant / judged), and each keyword's qualify threshold as the verdicts tuned it. Not counted.",
        security: apiSecurity('signals:read'),
      },
    })
