import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { listDeliveries, replayDelivery, sendTestEvent } from '../../domain/webhooks/deliveries'
import { createEndpoint, listEndpoints, removeEndpoint, updateEndpoint } from '../../domain/webhooks/endpoints'
import { addMyEmailDestination } from '../../domain/webhooks/my-email'
import { NoParams } from '../../wire/validation'
import { DeliveryQuery, EndpointCreate, EndpointUpdate, MyEmailBody } from '../../wire/webhooks'
import { NoQuery, validated } from '../validated'
import { consoleChecks } from './checks'

// Actions post an empty JSON object: a console POST always carries a body (checks.ts reads one).
const NoBody = validated('body', NoParams)

/** docs/console.md#routes: what the Webhooks page reads and changes, for the viewer's team (docs/webhooks.md). */
export const consoleWebhookRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/console/api', detail: { hide: true } })
    .use(consoleChecks(deps, { signedIn: true }))
    .get('/webhooks', async ({ viewer }) => ({ endpoints: await listEndpoints(deps, { teamId: viewer.team.id }) }), {
      query: NoQuery,
    })
    .post('/webhooks', ({ viewer, body }) => createEndpoint(deps, { teamId: viewer.team.id, input: body }), {
      body: validated('body', EndpointCreate),
    })
    .post(
      '/my-email-destination',
      ({ viewer, body }) =>
        addMyEmailDestination(deps, { teamId: viewer.team.id, email: viewer.user.email, timeZone: body.timeZone }),
      { body: validated('body', MyEmailBody) },
    )
    .patch(
      '/webhooks/:id',
      ({ viewer, params, body }) => updateEndpoint(deps, { teamId: viewer.team.id, id: params.id, change: body }),
      { body: validated('body', EndpointUpdate) },
    )
    .delete('/webhooks/:id', async ({ viewer, params }) => {
      await removeEndpoint(deps, { teamId: viewer.team.id, id: params.id })
      return { removed: params.id }
    })
    .post(
      '/webhooks/:id/test',
      ({ viewer, params }) => sendTestEvent(deps, { teamId: viewer.team.id, endpointId: params.id }),
      {
        body: NoBody,
      },
    )
    .get(
      '/webhooks/:id/deliveries',
      async ({ viewer, params, query }) => ({
        deliveries: await listDeliveries(deps, { teamId: viewer.team.id, endpointId: params.id, ...query }),
      }),
      { query: validated('query', DeliveryQuery) },
    )
    .post(
      '/webhooks/:id/deliveries/:deliveryId/replay',
      ({ viewer, params }) =>
        replayDelivery(deps, { teamId: viewer.team.id, endpointId: params.id, deliveryId: params.deliveryId }),
      { body: NoBody },
    )
