// GET /console/api/scorer as a signed-in owner of team acme reads it (docs/console.md#routes), for the route's tests.
import { createApp } from '../../src/app'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { consoleCookie } from './exports'

const PASSWORD = 'correct horse battery'

/** What the route answers, read by the owner of team acme (which `deps` holds already). */
export async function scorerRoute(deps: Deps): Promise<() => Promise<any>> {
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const app = createApp(deps)
  const cookie = await consoleCookie((r) => app.handle(r), { email: 'ann@acme.test', password: PASSWORD })
  const headers = { cookie, 'sec-fetch-site': 'same-origin' }
  return async () => await (await app.handle(new Request('http://localhost/console/api/scorer', { headers }))).json()
}
