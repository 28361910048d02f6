import { createApp } from '../../src/app'
import { createUser } from '../../src/domain/users/users'
import { type DeepPartial, seedTeam, testDeps } from './deps'
import type { ConfigInput } from '../../src/config/schema'
import { consoleCookie } from './exports'

/**
 * A team `name` whose owner is signed in to the console of an app answering in-process: `call` sends a console API
 * request as the console page does (same-origin, JSON) and answers its status, headers and JSON body. `a.plan`: the
 * team's plan (growth by default), from the defaults or `a.config`.
 */
export async function ownerConsole(name: string, a: { config?: DeepPartial<ConfigInput>; plan?: string } = {}) {
  const { deps } = await testDeps({ config: a.config })
  const { team } = await seedTeam(deps, { name, plan: a.plan })
  const email = `ann@${name}.test`
  await createUser(deps, { team: name, email, role: 'owner', password: 'correct horse battery' })
  const app = createApp(deps)
  const cookie = await consoleCookie((r) => app.handle(r), { email, password: 'correct horse battery' })
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await app.handle(
      new Request(`http://localhost/console/api${path}`, {
        method,
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', cookie },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    )
    return { status: res.status, headers: res.headers, body: (await res.json()) as any }
  }
  return { deps, team, call }
}
