import type { Needs } from '../needs'
import { AppError } from '../../errors'

// docs/console.md#sign-in: 10 failed sign-ins in 15 minutes, for one account or from one address, pause sign-in.
export const MAX_FAILURES = 10
export const WINDOW_MS = 15 * 60_000

export const subjectsOf = (email: string, address: string) => [`email:${email}`, `addr:${address}`]

/**
 * Refuses with 429 and Retry-After while the account or the address has MAX_FAILURES in the window. Checked before
 * the password, so that guessing goes no faster while paused; the answer is the same for an unknown address.
 */
export async function refuseWhileThrottled(deps: Needs<'clock', 'sessions'>, subjects: string[]) {
  const now = deps.clock.now().getTime()
  for (const subject of subjects) {
    const failures = await deps.repos.sessions.failures(subject, now - WINDOW_MS)
    if (failures.length < MAX_FAILURES) continue
    // The pause ends when enough of the failures have left the window to bring the count under the limit.
    const freedAt = failures[failures.length - MAX_FAILURES] + WINDOW_MS
    throw new AppError('too_many_attempts', 'too many failed sign-ins; try again later', {
      retryAfterSec: Math.max(1, Math.ceil((freedAt - now) / 1000)),
    })
  }
}

export async function recordFailure(deps: Needs<'clock', 'sessions'>, subjects: string[]) {
  const now = deps.clock.now().getTime()
  await deps.repos.sessions.recordFailure(subjects, now, now - WINDOW_MS)
}
