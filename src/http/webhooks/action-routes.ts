import { DeliveryPath, EndpointPath } from '../../wire/path-ids'
import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { replayDelivery, sendTestEvent } from '../../domain/webhooks/deliveries'
import { removeEndpoint, rotateSecret } from '../../domain/webhooks/endpoints'
import { errorBody } from '../../wire/common'
import { deliveryAnswer, RotatedSecret } from '../../wire/webhook-answers'
import { apiChecks } from '../checks'
import { documentedErrors, headerObjects } from '../response-headers'
import { NoQuery, answers, unchecked } from '../validated'
import { detail, errors } from './routes'

/** docs/webhooks.md#managing-endpoints: what is done to an endpoint or a delivery named in the path; no body. */
export const webhookActionRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['webhooks'] } })
    .use(apiChecks(deps, 'webhooks:manage', { readsBody: false }))
    .delete(
      '/webhooks/:id',
      async ({ caller, params, set }) => {
        await removeEndpoint(deps, { teamId: caller.team.id, id: params.id })
        set.status = 204
      },
      {
        params: unchecked(EndpointPath),
        query: NoQuery,
        // 204 has no body and so no schema: the answers are written out (the route's errors, as documented).
        detail: {
          ...detail('Remove an endpoint and its delivery log'),
          responses: {
            204: { description: 'Removed; no body', headers: headerObjects(204) },
            ...documentedErrors(errors),
          },
        },
      },
    )
    .post(
      '/webhooks/:id/test',
      ({ caller, params }) => sendTestEvent(deps, { teamId: caller.team.id, endpointId: params.id }),
      {
        params: unchecked(EndpointPath),
        query: NoQuery,
        // 429 too_many_sends: sends on request are bounded per receiver (docs/webhooks.md#testing).
        response: answers(deps.config, {
          200: deliveryAnswer('The test delivery after its first attempt: succeeded, pending a retry, or failed'),
          ...errors,
          429: errorBody(429, ['too_many_sends']),
        }),
        detail: detail(
          'Send a test event now',
          'Answers the delivery after its first attempt. Not counted; 10 tests and replays a minute per receiver.',
        ),
      },
    )
    .post(
      '/webhooks/:id/rotate-secret',
      ({ caller, params }) => rotateSecret(deps, { teamId: caller.team.id, id: params.id }),
      {
        params: unchecked(EndpointPath),
        query: NoQuery,
        response: answers(deps.config, { 200: RotatedSecret, ...errors }),
        // Elysia's own id keeps the path's hyphen, which a generated client cannot name a function after.
        detail: {
          ...detail('A new signing secret', 'Both secrets sign for 24 hours. Not counted.'),
          operationId: 'postApiV1WebhooksByIdRotateSecret',
        },
      },
    )
    .post(
      '/webhooks/:id/deliveries/:deliveryId/replay',
      ({ caller, params }) =>
        replayDelivery(deps, { teamId: caller.team.id, endpointId: params.id, deliveryId: params.deliveryId }),
      {
        params: unchecked(DeliveryPath),
        query: NoQuery,
        response: answers(deps.config, {
          200: deliveryAnswer('The delivery, pending again: its first attempt is due now'),
          ...errors,
          429: errorBody(429, ['too_many_sends']),
        }),
        detail: detail(
          'Send a delivery again',
          'From the first attempt, with the same webhook-id. Not counted; 10 tests and replays a minute per receiver.',
        ),
      },
    )
