import { randomBytes } from 'node:crypto'
import type { Needs } from '../needs'
import { hashPassword } from './password'
import { createUser } from './users'

export const DEMO_EMAIL = 'demo@localhost'

/**
 * `serve --demo` (docs/console.md#first-user): the owner of the demo team, `demo@localhost`, with a new random password
 * at every demo start (like the demo key: only its hash is stored, so it can be shown only when it is made). Not
 * `setPassword`, which ends every session and connected app to shut out a leak: here the password changes only to be
 * shown again, so what the old one opened goes on, as earlier demo keys do.
 */
export async function ensureDemoUser(deps: Needs<'config' | 'clock', 'teams' | 'users'>, a: { team: string }) {
  const password = randomBytes(12).toString('base64url')
  const exists = await deps.repos.users.findByEmail(DEMO_EMAIL)
  if (exists) await deps.repos.users.setPasswordHash(exists.user.id, await hashPassword(password))
  else await createUser(deps, { team: a.team, email: DEMO_EMAIL, role: 'owner', password })
  return { email: DEMO_EMAIL, password }
}
