import type { Needs } from '../needs'
import { AppError } from '../../errors'

// docs/console.md#sign-in: 10 failed sign-ins in 15 minutes, for one account or from one address, pause sign-in.
export const MAX_FAILURES = 10
const WINDOW_MS = 15 * 60_000

export const subjectsOf = (email: string, address: string) => [`email:${email}`, `addr:${address}`]

/**
 * Counts this attempt against the account and the address before the password is checked (docs/console.md#sign-in):
 * refused with 429 and Retry-After when either already has MAX_FAILURES in the window. Counting first, in one
 * statement, means that however many attempts arrive at once, at most MAX_FAILURES passwords are ever checked. The
 * answer is the same for an unknown address. Returns the attempt's rows, to take back if the password matches.
 */
export async function takeAttempt(deps: Needs<'clock', 'sessions'>, subjects: string[]): Promise<number[]> {
  const now = deps.clock.now().getTime()
  const taken = await deps.repos.sessions.takeAttempt(subjects, now, now - WINDOW_MS, MAX_FAILURES)
  if (taken) return taken
  let retryAt = now + 1000
  for (const subject of subjects) {
    const failures = await deps.repos.sessions.failures(subject, now - WINDOW_MS)
    // The pause ends when enough of the failures have left the window to bring the count under the limit.
    if (failures.length >= MAX_FAILURES)
      retryAt = Math.max(retryAt, failures[failures.length - MAX_FAILURES] + WINDOW_MS)
  }
  const retryAfterSec = Math.max(1, Math.ceil((retryAt - now) / 1000))
  // The sign-in form shows this message: how long to wait, in the minutes a person reads, not "later".
  throw new AppError(
    'too_many_attempts',
    `too many failed sign-ins; try again in ${Math.ceil(retryAfterSec / 60)} min`,
    {
      retryAfterSec,
    },
  )
}

/** A failed attempt stays counted (its rows are the failure); older failures leave the window. */
export async function keepFailure(deps: Needs<'clock', 'sessions'>) {
  await deps.repos.sessions.forgetFailuresBefore(deps.clock.now().getTime() - WINDOW_MS)
}
