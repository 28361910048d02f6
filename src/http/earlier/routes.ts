import { Elysia } from 'elysia'
import * as v from 'valibot'
import { EARLIER_NETWORKS } from '../../config/platform-names'
import type { Deps } from '../../deps'
import type { ErrorCode } from '../../errors'
import { searchNetwork } from '../../domain/earlier/search-network'
import { apiChecks } from '../checks'
import { trimmed } from '../../wire/common'
import { earlierErrorBody, NetworkSearchReply, TestApiReply } from '../../wire/earlier'
import { NoQuery, validated, answers } from '../validated'
import { apiSecurity } from '../api-security'

// Try it out's example: Google News needs no key (docs/platforms.md) and crm is the README's first tracked keyword;
// without it Swagger UI sent twitter (a token) and "y" (tracked by no one).
export const NetworkSearchBody = v.pipe(
  v.strictObject({
    network: v.pipe(
      v.picklist(EARLIER_NETWORKS),
      v.description(
        'One of the earlier-route networks (docs/api.md#platform-names); this server must have it configured.',
      ),
    ),
    keyword: v.pipe(
      trimmed(1, 200),
      v.description(
        "One of the team's tracked keywords (403 keyword_not_tracked otherwise), or any on a plan with any_keyword.",
      ),
    ),
  }),
  v.metadata({ examples: [{ network: 'news', keyword: 'crm' }] }),
)
// The search's 503s, which its body does not tell apart.
const SEARCH_503: ErrorCode[] = [
  'platform_not_configured',
  'platform_budget_exhausted',
  'scorer_unavailable',
  'storage_unavailable',
]
// What every keyed route can answer (wire/common.ts keyedErrors), in the earlier shape; the search adds its own.
const keyedEarlierErrors = {
  400: earlierErrorBody(['invalid_request']),
  401: earlierErrorBody(['missing_api_key', 'invalid_api_key', 'invalid_token']),
  403: earlierErrorBody(['no_api_access', 'insufficient_scope']),
  413: earlierErrorBody(['payload_too_large']),
  500: earlierErrorBody(['internal']),
  503: earlierErrorBody(['storage_unavailable']),
}
const earlierErrors = {
  ...keyedEarlierErrors,
  403: earlierErrorBody(['no_api_access', 'insufficient_scope', 'keyword_not_tracked']),
  429: earlierErrorBody(['quota_exceeded']),
  502: earlierErrorBody(['upstream_error']),
  503: earlierErrorBody(SEARCH_503),
  504: earlierErrorBody(['upstream_timeout']),
}

/** The earlier unversioned routes (docs/api.md#earlier-routes); their errors are `{success: false, error}`. */
export const earlierRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/routes', detail: { tags: ['earlier routes'] } })
    .use(apiChecks(deps, 'mentions:search'))
    .get(
      '/test-api',
      // A token's caller has scopes, a key's none (domain/core/caller.ts): say which credential was checked.
      ({ caller }) => ({
        success: true as const,
        message: `${caller.scopes ? 'access token' : 'API key'} is valid for team "${caller.team.name}"`,
      }),
      {
        query: NoQuery,
        response: answers(deps.config, { 200: TestApiReply, ...keyedEarlierErrors }),
        // Elysia's own id keeps the path's hyphen, which a generated client cannot name a function after.
        detail: {
          summary: 'Check an API key or access token (never counted)',
          description:
            '200 with the team the credential belongs to and which kind it is (API key or access token) when it ' +
            'may call the earlier routes; otherwise the same 401 or 403 a search would get. Searches nothing and is ' +
            'never counted ([docs/api.md#key-check](/docs/api#key-check)).',
          security: apiSecurity('mentions:search'),
          operationId: 'getApiRoutesTestApi',
        },
      },
    )
    .post('/search', ({ caller, body }) => searchNetwork(deps, caller, body), {
      // Names the JSON parser so the docs list application/json (http/checks.ts reads the body).
      parse: 'json',
      body: validated('body', NetworkSearchBody),
      query: NoQuery,
      response: answers(
        deps.config,
        { 200: NetworkSearchReply, ...earlierErrors },
        { 502: ['retry-after'], 503: ['retry-after'] },
        // The errors behind its bodies, which name no code (docs/api.md#earlier-routes).
        {
          429: ['quota_exceeded'],
          502: ['upstream_error'],
          503: SEARCH_503,
        },
      ),
      detail: {
        summary: 'Search a network for a tracked keyword (earlier route)',
        description:
          'The keyword must be tracked by the team unless its plan allows any keyword. Counts 1 request when it ' +
          'succeeds, as POST /api/v1/mentions/search does.',
        security: apiSecurity('mentions:search'),
      },
    })
