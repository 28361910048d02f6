// docs/api.md#the-month: a call that began a moment before midnight on the 1st, with the month's quota spent, and
// found no unit only once the clock read the new month (the database's round trips took that moment) answered 429
// with a Retry-After to the end of the new month: 31 days for a team whose whole December quota was there.
// A call waiting at midnight for units held by calls in flight waited on for them (up to 60 s), though a unit of
// November can only go back to November.
import { describe, expect, test } from 'bun:test'
import { charged } from '../../../src/domain/quota/charge'
import { planOf } from '../../../src/domain/core/plans'
import { seedTeam, testDeps } from '../../support/deps'
import { waitingBehindHolder } from '../../support/held-unit'

const BEFORE_MIDNIGHT = '2026-11-30T23:59:59.900Z'
const AFTER_MIDNIGHT = '2026-12-01T00:00:00.100Z'

/** A team with November's one request spent, and a clock that reads midnight passed after the call's first look. */
async function spentNovember(plan: { monthly_requests: number; monthly_credits?: number }) {
  const { deps, clock } = await testDeps({ config: { plans: { p: plan } }, now: BEFORE_MIDNIGHT })
  const { team } = await seedTeam(deps, { plan: 'p' })
  const a = { team, plan: planOf(deps.config, 'p') }
  for (let i = 0; i < plan.monthly_requests + (plan.monthly_credits ?? 0); i++) await charged(deps, a, async () => i)
  const turning = {
    now() {
      const at = clock.now()
      clock.set(AFTER_MIDNIGHT)
      return at
    },
  }
  return { deps: { ...deps, clock: turning }, a }
}

describe('a call that finds no unit left after midnight passed during it (docs/api.md#the-month)', () => {
  test("is paid from the new month's quota, counted on its first day", async () => {
    const { deps, a } = await spentNovember({ monthly_requests: 1 })
    const call = await charged(deps, a, async () => 'done')
    expect(call).toMatchObject({ result: 'done', month: '2026-12', usage: { used: 1, limit: 1, remaining: 0 } })
    await deps.repos.usageDays.flush()
    expect(await deps.repos.usageDays.since(a.team.id, '2026-12-01')).toEqual([{ day: '2026-12-01', calls: 1 }])
  })

  test("a credit plan's call is paid from the new month's top-up", async () => {
    const { deps, a } = await spentNovember({ monthly_requests: 0, monthly_credits: 2 })
    const call = await charged(deps, a, async () => 'done')
    expect(call).toMatchObject({ month: '2026-12', credits: 1, usage: { used: 1 } })
  })
})

test("a call waiting at midnight for the month's last unit, held by a call still running, takes one of the new month's at once", async () => {
  const { deps, clock } = await testDeps({ config: { plans: { p: { monthly_requests: 1 } } }, now: BEFORE_MIDNIGHT })
  const { team } = await seedTeam(deps, { plan: 'p' })
  const a = { team, plan: planOf(deps.config, 'p') }
  const { holder, waiting, release } = await waitingBehindHolder(deps, a)
  clock.set(AFTER_MIDNIGHT)
  // Without looking at the clock, it waited for the holder to end (or for 60 s): November's unit could only come
  // back to November.
  const answer = await Promise.race([waiting, Bun.sleep(3000).then(() => 'still waiting')])
  release()
  await holder
  expect(answer).toMatchObject({ result: 'done', month: '2026-12', usage: { used: 1, remaining: 0 } })
})
