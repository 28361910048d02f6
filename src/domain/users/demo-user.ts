import { randomBytes } from 'node:crypto'
import type { Needs } from '../needs'
import { createUser, setPassword } from './users'

export const DEMO_EMAIL = 'demo@localhost'

/**
 * `serve --demo` (docs/console.md#first-user): the owner of the demo team, `demo@localhost`, with a new random password
 * at every demo start (like the demo key: only its hash is stored, so it can be shown only when it is made).
 */
export async function ensureDemoUser(
  deps: Needs<'config' | 'clock', 'teams' | 'users' | 'sessions' | 'oauth'>,
  a: { team: string },
) {
  const password = randomBytes(12).toString('base64url')
  const exists = await deps.repos.users.findByEmail(DEMO_EMAIL)
  if (exists) await setPassword(deps, { email: DEMO_EMAIL, password })
  else await createUser(deps, { team: a.team, email: DEMO_EMAIL, role: 'owner', password })
  return { email: DEMO_EMAIL, password }
}
