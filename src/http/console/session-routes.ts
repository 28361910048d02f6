import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { signIn, signOut } from '../../domain/sessions/sessions'
import { SignInBody } from '../../wire/console'
import { clientAddress } from '../client-address'
import { validated } from '../validated'
import { consoleChecks } from './checks'
import { clearedCookie, overHttps, sessionCookie, sessionTokenOf } from './cookie'

/** docs/console.md#routes: sign in, sign out, and who is signed in. */
export const consoleSessionRoutes = (deps: Deps) => {
  return new Elysia({ prefix: '/console/api', detail: { hide: true } })
    .use(
      new Elysia()
        .use(consoleChecks(deps, { signedIn: false }))
        .post(
          '/session',
          async ({ body, request, server, set }) => {
            const peer = server?.requestIP(request)?.address
            const address = clientAddress(deps.config.server.trusted_proxies, peer, request.headers)
            const https = overHttps(request, deps.config.server, peer)
            const session = await signIn(deps, { ...body, address, replacing: sessionTokenOf(request, https) })
            set.headers['set-cookie'] = sessionCookie(https, session.token, session.expiresAt)
            return { signedIn: true }
          },
          { body: validated('body', SignInBody) },
        )
        .delete('/session', async ({ request, server, set }) => {
          const https = overHttps(request, deps.config.server, server?.requestIP(request)?.address)
          await signOut(deps, sessionTokenOf(request, https))
          set.headers['set-cookie'] = clearedCookie(https)
          return { signedIn: false }
        }),
    )
    .use(
      new Elysia().use(consoleChecks(deps, { signedIn: true })).get('/me', ({ viewer }) => ({
        user: viewer.user,
        team: { name: viewer.team.name, plan: viewer.team.plan },
        // What this server can do that some pages offer: e-mail needs the operator's SMTP server.
        server: { email: Boolean(deps.config.email.host) },
      })),
    )
}
