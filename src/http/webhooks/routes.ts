import { EndpointPath } from '../../wire/path-ids'
import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { listDeliveries } from '../../domain/webhooks/deliveries'
import { endpointView } from '../../domain/webhooks/endpoint-view'
import { createEndpoint, findEndpoint, listEndpoints, updateEndpoint } from '../../domain/webhooks/endpoints'
import { errorBody, keyedErrors } from '../../wire/common'
import { DeliveryQuery, EndpointCreate, EndpointUpdate } from '../../wire/webhooks'
import { CreatedEndpoint, DeliveryList, EndpointList, endpointAnswer } from '../../wire/webhook-answers'
import { apiChecks } from '../checks'
import { NoQuery, validated, answers, unchecked } from '../validated'
import { apiSecurity } from '../api-security'

/** The errors of a route naming a destination in its path: 404 for one the team does not have. */
export const errors = { ...keyedErrors, 404: errorBody(404) }
export const detail = (summary: string, description = 'Not counted against the quota.') => ({
  summary,
  description,
  security: apiSecurity('webhooks:manage'),
})

/**
 * docs/webhooks.md#managing-endpoints: the team's endpoints and their delivery logs (actions: action-routes.ts). Not
 * counted.
 */
export const webhooksRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['webhooks'] } })
    .use(apiChecks(deps, 'webhooks:manage'))
    .get('/webhooks', async ({ caller }) => ({ endpoints: await listEndpoints(deps, { teamId: caller.team.id }) }), {
      query: NoQuery,
      response: answers(deps.config, { 200: EndpointList, ...keyedErrors }),
      detail: detail("The team's webhook endpoints"),
    })
    .post(
      '/webhooks',
      async ({ caller, body, set }) => {
        set.status = 201
        return createEndpoint(deps, { teamId: caller.team.id, input: body })
      },
      {
        parse: 'json',
        body: validated('body', EndpointCreate),
        query: NoQuery,
        response: answers(deps.config, { 201: CreatedEndpoint, ...keyedErrors }),
        detail: detail(
          'Add an endpoint',
          'Answers its signing secret, shown this once. Not counted against the quota.',
        ),
      },
    )
    .get(
      '/webhooks/:id',
      async ({ caller, params }) =>
        endpointView(await findEndpoint(deps, { teamId: caller.team.id, id: params.id }), deps.clock.now().getTime()),
      {
        params: unchecked(EndpointPath),
        query: NoQuery,
        response: answers(deps.config, { 200: endpointAnswer('The destination'), ...errors }),
        detail: detail('One endpoint'),
      },
    )
    .patch(
      '/webhooks/:id',
      ({ caller, params, body }) => updateEndpoint(deps, { teamId: caller.team.id, id: params.id, change: body }),
      {
        parse: 'json',
        body: validated('body', EndpointUpdate),
        params: unchecked(EndpointPath),
        query: NoQuery,
        response: answers(deps.config, { 200: endpointAnswer('The destination as changed'), ...errors }),
        detail: detail(
          'Change, enable or disable an endpoint',
          'Enabling clears why the service had disabled it. Not counted.',
        ),
      },
    )
    .get(
      '/webhooks/:id/deliveries',
      async ({ caller, params, query }) => ({
        deliveries: await listDeliveries(deps, { teamId: caller.team.id, endpointId: params.id, ...query }),
      }),
      {
        params: unchecked(EndpointPath),
        query: validated('query', DeliveryQuery),
        response: answers(deps.config, { 200: DeliveryList, ...errors }),
        detail: detail("The endpoint's delivery log, newest first"),
      },
    )
