import { AppError } from '../../errors'
import type { Needs } from '../needs'
import { found } from './people'

type ForgetDeps = Needs<'clock' | 'log', 'people' | 'forgottenAuthors'>

/**
 * docs/people.md#forget: a person, the accounts linked into them, their signals (dismissed ones too), the verdicts
 * on them and their deliveries not sent yet, removed in one transaction; their accounts are kept out of every later
 * pass, stream and import, as hashes. An account linked into someone is not forgotten alone by its id: the caller
 * unlinks it first or forgets the person, rather than find one or the other gone.
 */
export async function forgetPerson(deps: ForgetDeps, teamId: string, id: string) {
  const p = await found(deps, teamId, id)
  if (p.linkedTo)
    throw new AppError(
      'invalid_request',
      `${p.id} is an account of ${p.linkedTo}: unlink it first to forget it alone, or forget ${p.linkedTo}`,
    )
  const identities = [p, ...(await deps.repos.people.linked(teamId, p.id))]
  const done = await deps.repos.forgottenAuthors.forget(teamId, p.id, identities, deps.clock.now().toISOString())
  if (!done) {
    await found(deps, teamId, p.id)
    throw new AppError(
      'invalid_request',
      `${p.id} was linked or unlinked meanwhile and nothing was forgotten: open the person again and forget from there`,
    )
  }
  const removed = { accounts: identities.length, signals: done.signals }
  // Ids and counts only: the log must not keep what was just forgotten (no name, no post).
  deps.log.info('person_forgotten', { teamId, personId: p.id, ...removed })
  return removed
}
