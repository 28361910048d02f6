import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { signIn, signOut } from '../../domain/sessions/sessions'
import { SignInBody } from '../../wire/console'
import { clientAddress } from '../client-address'
import { validated } from '../validated'
import { consoleChecks } from './checks'
import { clearedCookie, sessionCookie, sessionTokenOf } from './cookie'

/** docs/console.md#routes: sign in, sign out, and who is signed in. */
export const consoleSessionRoutes = (deps: Deps) => {
  const publicUrl = deps.config.server.public_url ?? ''
  return new Elysia({ prefix: '/console/api', detail: { hide: true } })
    .use(
      new Elysia()
        .use(consoleChecks(deps, { signedIn: false }))
        .post(
          '/session',
          async ({ body, request, server, set }) => {
            const peer = server?.requestIP(request)?.address
            const address = clientAddress(deps.config.server.trusted_proxies, peer, request.headers)
            const session = await signIn(deps, { ...body, address, replacing: sessionTokenOf(request, publicUrl) })
            set.headers['set-cookie'] = sessionCookie(request, publicUrl, session.token, session.expiresAt)
            return { signedIn: true }
          },
          { body: validated('body', SignInBody) },
        )
        .delete('/session', async ({ request, set }) => {
          await signOut(deps, sessionTokenOf(request, publicUrl))
          set.headers['set-cookie'] = clearedCookie(request, publicUrl)
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
