// docs/api.md#plans: moving a team to another plan applies its limit from the next call. A call that found every unit
// left held by calls still running, and waited for them, kept the limit of the plan it began on: moved meanwhile
// from a spent plan to a larger one (what an operator does when a team runs out), it waited for the holders and
// then answered 429 "monthly quota and credits are used up" with a Retry-After to the month's end, while the team had
// the new plan's requests left and a call sent after the move was served at once. Credits given meanwhile were
// already seen, as the wait reads them from the team's row.
import { expect, test } from 'bun:test'
import { planOf } from '../../../src/domain/core/plans'
import { updateTeam } from '../../../src/domain/teams/teams'
import { seedTeam, testDeps } from '../../support/deps'
import { waitingBehindHolder } from '../../support/held-unit'

const PLANS = { small: { monthly_requests: 1 }, large: { monthly_requests: 10 } }

/**
 * A team on `small` whose one request is held by a call still running, and a call waiting for it; then the operator
 * moves the team to `movedTo`.
 */
async function waitingWhenMovedTo(movedTo: string) {
  const { deps } = await testDeps({ config: { plans: PLANS } })
  const { team } = await seedTeam(deps, { plan: 'small' })
  const waiting = await waitingBehindHolder(deps, { team, plan: planOf(deps.config, 'small') })
  await updateTeam(deps, { ref: team.id, plan: movedTo })
  return waiting
}

test("a call waiting for held units when its team moves to a larger plan is paid from the new plan's requests", async () => {
  const w = await waitingWhenMovedTo('large')
  // Before: it kept waiting for the holder, whatever the new plan left.
  const answer = await Promise.race([w.waiting, Bun.sleep(3000).then(() => 'still waiting')])
  w.release()
  await w.holder
  expect(answer).toMatchObject({ result: 'done', usage: { used: 2, limit: 10, remaining: 8 } })
})

test('once the holder is done, the call is not refused as if the old plan were spent', async () => {
  const w = await waitingWhenMovedTo('large')
  w.release()
  await w.holder
  // Before: 429 quota_exceeded, Retry-After to the end of the month.
  expect(await w.waiting).toMatchObject({ result: 'done', usage: { used: 2, limit: 10, remaining: 8 } })
})

// A plan without API access has no requests: the call, let in before the move, is not told that plan's credits are
// spent and to ask the operator for more.
test('a team moved meanwhile to a plan without API access is answered as its own plan would answer', async () => {
  const w = await waitingWhenMovedTo('starter')
  w.release()
  await w.holder
  await expect(w.waiting).rejects.toThrow('monthly quota and credits are used up; the quota resets at the start')
})
