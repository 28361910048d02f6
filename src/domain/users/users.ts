import type { Needs } from '../needs'
import { AppError } from '../../errors'
import { newId } from '../../lib/ids'
import { HIDING_CHARS } from '../../lib/text'
import { findTeam } from '../teams/teams'
import { hashPassword } from './password'

const ROLES = ['owner', 'member'] as const
type Role = (typeof ROLES)[number]

// Lenient on purpose: on-premises addresses such as admin@intranet or demo@localhost are real accounts here.
// No control or direction character either: an address nobody could type to sign in, hidden in every listing.
const EMAIL = new RegExp(`^[^\\s@${HIDING_CHARS}]{1,64}@[^\\s@${HIDING_CHARS}]{1,190}$`, 'u')

export function cleanEmail(raw: string): string {
  const email = raw.trim().toLowerCase()
  if (!EMAIL.test(email)) throw new AppError('invalid_request', 'the email must look like name@host')
  return email
}

function checkRole(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role))
    throw new AppError('invalid_request', `the role must be one of ${ROLES.join(', ')}`)
  return role as Role
}

/** docs/console.md#people-and-sessions: a person of the team who signs in to the console. */
export async function createUser(
  deps: Needs<'config' | 'clock', 'teams' | 'users'>,
  a: { team: string; email: string; role?: string; password: string },
) {
  const team = await findTeam(deps, a.team)
  const email = cleanEmail(a.email)
  const role = checkRole(a.role ?? 'member')
  const passwordHash = await hashPassword(a.password)
  const user = {
    id: newId('user'),
    teamId: team.id,
    email,
    role,
    passwordHash,
    createdAt: deps.clock.now().toISOString(),
  }
  if (!(await deps.repos.users.insert(user)))
    throw new AppError('invalid_request', `a user with the email ${email} already exists`)
  return { id: user.id, email, role, team: team.name }
}

export async function listUsers(deps: Needs<'config', 'teams' | 'users'>, a: { team: string }) {
  const team = await findTeam(deps, a.team)
  return deps.repos.users.listForTeam(team.id)
}

export async function removeUser(deps: Needs<'config', 'teams' | 'users'>, a: { team: string; email: string }) {
  const team = await findTeam(deps, a.team)
  const email = cleanEmail(a.email)
  if (!(await deps.repos.users.remove(team.id, email)))
    throw new AppError('not_found', `team ${team.name} has no user ${email}`)
  return email
}

/** The user with this e-mail, or a not_found refusal: for a command to check before it asks for a password. */
export async function requireUser(deps: Needs<never, 'users'>, raw: string) {
  const email = cleanEmail(raw)
  const found = await deps.repos.users.findByEmail(email)
  if (!found) throw new AppError('not_found', `no user has the email ${email}`)
  return found
}

/**
 * A new password; every console session and every app the user connected (OAuth grants and their tokens) ends, so a
 * password changed after a leak locks the leak out, whatever it had opened (docs/security.md#what-is-bounded).
 */
export async function setPassword(
  deps: Needs<never, 'users' | 'sessions' | 'oauth'>,
  a: { email: string; password: string },
) {
  const email = cleanEmail(a.email)
  const found = await requireUser(deps, email)
  await deps.repos.users.setPasswordHash(found.user.id, await hashPassword(a.password))
  await deps.repos.sessions.removeForUser(found.user.id)
  await deps.repos.oauth.removeGrantsForUser(found.user.id)
  return email
}

/** The team's users, for an owner of the team; a member is refused (docs/console.md#people-and-sessions). */
export async function listTeamUsers(
  deps: Needs<never, 'users'>,
  viewer: { user: { role: string }; team: { id: string } },
) {
  if (viewer.user.role !== 'owner') throw new AppError('forbidden', "only the team's owners see its users")
  return deps.repos.users.listForTeam(viewer.team.id)
}
