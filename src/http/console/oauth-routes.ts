import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../deps'
import { decide, describeRequest } from '../../domain/oauth/authorization'
import { listConnectedApps, revokeConnectedApp } from '../../domain/oauth/connected-apps'
import { publicBase } from '../../domain/oauth/resources'
import { NoQuery, validated } from '../validated'
import { consoleChecks } from './checks'

const Decision = v.strictObject({ allow: v.boolean() })

/** docs/console.md#routes: the consent page of an authorization request, and Settings → Connected apps. */
export const consoleOAuthRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/console/api', detail: { hide: true } })
    .use(consoleChecks(deps, { signedIn: true }))
    // The built-in client's redirect URI is made of the service's address (docs/oauth.md#swagger-ui).
    .get(
      '/authorize/:id',
      ({ params, request }) => describeRequest(deps, publicBase(deps.config, request.url), params.id),
      { query: NoQuery },
    )
    // The answer is the address to send the browser to: the client's redirect URI with a code or an error.
    .post(
      '/authorize/:id',
      async ({ viewer, params, body, request }) => ({
        redirect: await decide(deps, publicBase(deps.config, request.url), {
          id: params.id,
          userId: viewer.user.id,
          allow: body.allow,
        }),
      }),
      { body: validated('body', Decision) },
    )
    .get('/connected-apps', async ({ viewer }) => ({ apps: await listConnectedApps(deps, viewer) }), { query: NoQuery })
    .delete('/connected-apps/:id', async ({ viewer, params }) => ({
      revoked: await revokeConnectedApp(deps, viewer, params.id),
    }))
