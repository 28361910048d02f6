import { Elysia } from 'elysia'
import type { Deps } from './deps'
import { consolePageRoutes } from './http/console/page-routes'
import { consolePeopleRoutes } from './http/console/people-routes'
import { consoleSessionRoutes } from './http/console/session-routes'
import { consoleScoreRoutes } from './http/console/score-routes'
import { consoleSettingsRoutes } from './http/console/settings-routes'
import { consoleTeamRoutes } from './http/console/team-routes'
import { consoleOAuthRoutes } from './http/console/oauth-routes'
import { consoleWebhookRoutes } from './http/console/webhook-routes'
import { unsubscribeRoutes } from './http/destinations/unsubscribe-routes'
import { oauthEndpointRoutes } from './http/oauth/endpoint-routes'
import { oauthFailure } from './http/oauth/answers'
import { wellKnownRoutes } from './http/oauth/well-known-routes'
import { errorHandling } from './http/errors'
import { exportRefusalPage } from './http/console/export-refusal'
import { healthRoutes } from './http/health/routes'
import { leadsRoutes } from './http/leads/routes'
import { earlierRoutes } from './http/earlier/routes'
import { mentionsRoutes } from './http/mentions/routes'
import { docsRoutes } from './http/docs/routes'
import { docs } from './http/openapi'
import { platformsRoutes } from './http/platforms/routes'
import { requestLog } from './http/request-log'
import { queryText } from './http/query-text'
import { peopleRoutes, peopleWriteRoutes } from './http/people/routes'
import { feedbackRoutes, signalsRoutes } from './http/signals/routes'
import { keywordsRoutes } from './http/keywords/routes'
import { usageRoutes } from './http/usage/routes'
import { webhookActionRoutes } from './http/webhooks/action-routes'
import { webhooksRoutes } from './http/webhooks/routes'
import { mcpRoutes } from './mcp/http'
import { earlyErrorCors } from './mcp/origin'
import { CONNECTION_IDLE_SEC, connectionTimeouts } from './http/connection-timeouts'

/** `connectionIdleSec`: the connections' idle timeout, instead of CONNECTION_IDLE_SEC (tests). */
export function createApp(deps: Deps, a: { connectionIdleSec?: number } = {}) {
  const idleSec = a.connectionIdleSec ?? CONNECTION_IDLE_SEC
  // normalize: Elysia's response cleaning pass is for its own TypeBox schemas; with valibot (strict objects) it only
  // costs time. Validation itself still runs on every body, query and response.
  return new Elysia({ normalize: false, serve: { idleTimeout: idleSec } })
    .use(requestLog({ log: deps.log, enabled: deps.config.server.log_requests }))
    .use(connectionTimeouts(idleSec))
    .use(
      errorHandling({
        log: deps.log,
        maxBodyBytes: deps.config.server.max_body_bytes,
        config: deps.config,
        answerFor: (request, path, failure) =>
          exportRefusalPage(request, path, failure) ?? oauthFailure(request, path, failure),
        headersFor: earlyErrorCors(deps.config),
      }),
    )
    .use(queryText())
    .use(docs())
    .use(docsRoutes())
    .use(healthRoutes(deps))
    .use(usageRoutes(deps))
    .use(signalsRoutes(deps))
    .use(peopleRoutes(deps))
    .use(peopleWriteRoutes(deps))
    .use(feedbackRoutes(deps))
    .use(keywordsRoutes(deps))
    .use(leadsRoutes(deps))
    .use(mentionsRoutes(deps))
    .use(platformsRoutes(deps))
    .use(earlierRoutes(deps))
    .use(webhooksRoutes(deps))
    .use(webhookActionRoutes(deps))
    .use(mcpRoutes(deps))
    .use(consolePageRoutes())
    .use(consoleSessionRoutes(deps))
    .use(consoleTeamRoutes(deps))
    .use(consolePeopleRoutes(deps))
    .use(consoleSettingsRoutes(deps))
    .use(consoleScoreRoutes(deps))
    .use(consoleOAuthRoutes(deps))
    .use(consoleWebhookRoutes(deps))
    .use(unsubscribeRoutes(deps))
    .use(wellKnownRoutes(deps))
    .use(oauthEndpointRoutes(deps))
}
