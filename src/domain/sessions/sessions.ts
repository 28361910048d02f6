import { randomBytes } from 'node:crypto'
import type { Needs } from '../needs'
import { AppError } from '../../errors'
import { newId } from '../../lib/ids'
import { sha256Hex } from '../../lib/hash'
import { planOf } from '../core/plans'
import { cleanEmail } from '../users/users'
import { decoyHash, passwordMatches } from '../users/password'
import { keepFailure, subjectsOf, takeAttempt } from './throttle'

// docs/console.md#people-and-sessions: a session lasts a week from sign-in; signing out ends it at once.
const SESSION_MS = 7 * 24 * 3_600_000

const invalid = () => new AppError('invalid_credentials', 'the email or the password is wrong')

/**
 * Checks the password and opens a session. The token is returned once (for the cookie); only its hash is kept.
 * `replacing` is the session token the browser sent along, if any: its cookie is about to be overwritten, so that
 * session ends on the server too, rather than living out its week where a copy of the old cookie could still use it
 * (docs/console.md#people-and-sessions). A failed attempt leaves it alone.
 */
export async function signIn(
  deps: Needs<'clock', 'users' | 'sessions'>,
  a: { email: string; password: string; address: string; replacing?: string },
) {
  let email: string
  try {
    email = cleanEmail(a.email)
  } catch {
    throw invalid()
  }
  const subjects = subjectsOf(email, a.address)
  const attempt = await takeAttempt(deps, subjects)
  const found = await deps.repos.users.findByEmail(email)
  const matches = await passwordMatches(a.password, found?.user.passwordHash ?? (await decoyHash()))
  if (!found || !matches) {
    await keepFailure(deps)
    throw invalid()
  }
  const token = randomBytes(32).toString('base64url')
  const now = deps.clock.now()
  const expiresAt = now.getTime() + SESSION_MS
  await deps.repos.sessions.insert({
    id: newId('sess'),
    tokenHash: sha256Hex(token),
    userId: found.user.id,
    createdAt: now.toISOString(),
    expiresAt,
  })
  if (a.replacing) await deps.repos.sessions.remove(sha256Hex(a.replacing))
  await deps.repos.sessions.dropAttempt(attempt)
  await deps.repos.sessions.clearFailures(subjects[0])
  return { token, expiresAt: new Date(expiresAt) }
}

export type ConsoleUser = Awaited<ReturnType<typeof sessionOf>>

/** The signed-in user of a session token, with their team and its plan; not_signed_in when there is none. */
export async function sessionOf(deps: Needs<'clock' | 'config', 'sessions'>, token: string | undefined) {
  const found = token ? await deps.repos.sessions.find(sha256Hex(token), deps.clock.now().getTime()) : undefined
  if (!found) throw new AppError('not_signed_in', 'sign in to use the console')
  const { id, email, role } = found.user
  return { user: { id, email, role }, team: found.team, plan: planOf(deps.config, found.team.plan) }
}

export async function signOut(deps: Needs<never, 'sessions'>, token: string | undefined) {
  if (token) await deps.repos.sessions.remove(sha256Hex(token))
}
