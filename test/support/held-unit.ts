// A call waiting for a unit that another call still running holds (docs/api.md#reserve-and-give-back), for the
// tests of what may happen while it waits: midnight on the 1st, a plan change.
import { charged, type QuotaDeps } from '../../src/domain/quota/charge'
import type { Plan } from '../../src/domain/core/plans'
import type { TeamRow } from '../../src/storage/repos/teams'

/**
 * Starts a call that holds the team's last unit until `release`, then one that finds it held: resolves once that
 * one has looked at the holds (so it is waiting). `waiting` answers 'done' when it gets a unit.
 */
export async function waitingBehindHolder(deps: QuotaDeps, a: { team: TeamRow; plan: Plan }) {
  let release = () => {}
  const holder = charged(deps, a, () => new Promise<void>((resolve) => (release = resolve)))
  let looks = 0
  const { holding } = deps.repos.usage
  deps.repos.usage.holding = (...args) => {
    looks++
    return holding(...args)
  }
  const waiting = charged(deps, a, async () => 'done')
  while (looks === 0) await Bun.sleep(5)
  return { holder, waiting, release: () => release() }
}
