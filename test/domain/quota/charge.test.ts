import { describe, expect, test } from 'bun:test'
import { charged } from '../../../src/domain/quota/charge'
import { planOf } from '../../../src/domain/core/plans'
import { seedTeam, testDeps } from '../../support/deps'

// docs/api.md#reserve-and-give-back, called directly (test/http/quota.test.ts covers the same through the routes).
async function world(monthlyRequests: number, credits = 0) {
  const { deps, clock } = await testDeps({ config: { plans: { small: { monthly_requests: monthlyRequests } } } })
  const { team } = await seedTeam(deps, { plan: 'small', credits })
  return { deps, clock, a: { team, plan: planOf(deps.config, 'small') } }
}

describe('charged', () => {
  test('a call that succeeds keeps its unit; the usage returned is the state after it', async () => {
    const { deps, a } = await world(2)
    const first = await charged(deps, a, async () => 'done')
    expect(first.result).toBe('done')
    expect(first.usage).toMatchObject({ used: 1, limit: 2, remaining: 1 })
  })

  test('a call whose work throws gives its unit back and passes the error on', async () => {
    const { deps, a } = await world(1)
    await expect(
      charged(deps, a, async () => {
        throw new Error('upstream down')
      }),
    ).rejects.toThrow('upstream down')
    expect((await charged(deps, a, async () => 'ok')).usage).toMatchObject({ used: 1, remaining: 0 })
  })

  test('the quota, then the credits, then quota_exceeded with the seconds until the next month', async () => {
    const { deps, a } = await world(1, 1)
    await charged(deps, a, async () => 1)
    const fromCredit = await charged(deps, a, async () => 2)
    expect(fromCredit.credits).toBe(0)
    const refused = charged(deps, a, async () => 3)
    // The test clock stands at 2026-11-15T12:00Z: 15.5 days to 2026-12-01T00:00Z.
    await expect(refused).rejects.toMatchObject({ kind: 'quota_exceeded', extra: { retryAfterSec: 15.5 * 86_400 } })
  })

  test("quota_exceeded's message says what the start of next month brings on a plan without monthly requests", async () => {
    // A plan table of a new name has no monthly requests and no monthly credits unless it names them
    // (docs/operations.md#plans-settings): its teams call on the credits the operator gives them.
    const { deps } = await testDeps({ config: { plans: { prepaid: { platforms: [] } } } })
    const refusal = async (plan: string, credits: number) => {
      const { team } = await seedTeam(deps, { name: plan, plan, credits })
      const a = { team, plan: planOf(deps.config, plan) }
      for (let i = 0; i < Math.max(credits, a.plan.monthly_credits); i++) await charged(deps, a, async () => i)
      return charged(deps, a, async () => 'over').catch((e) => e)
    }
    expect(await refusal('prepaid', 2)).toMatchObject({
      kind: 'quota_exceeded',
      message:
        "the team's credits are used up, and its plan (prepaid) has no monthly requests and adds no credits at the " +
        "start of a month: ask the service's operator for more credits",
      extra: { retryAfterSec: 15.5 * 86_400 },
    })
    expect(await refusal('ultimate', 0)).toMatchObject({
      kind: 'quota_exceeded',
      message:
        "the team's credits are used up; its plan (ultimate) tops them up to 100 at the start of next month (UTC)",
    })
  })

  test('a call whose clock is still in last month, after another moved the team into this one, is paid from this one', async () => {
    // Two executables on one database whose clocks differ by a moment, or two calls either side of midnight: the
    // one behind finds the team's row already in the new month. It must not read that as "used up".
    const { deps, clock, a } = await world(2)
    clock.set('2026-11-30T23:59:59.900Z')
    await deps.repos.usage.rollOver(a.team.id, '2026-12', 0)
    const call = await charged(deps, a, async () => 'done')
    expect(call.usage).toMatchObject({ used: 1, limit: 2, remaining: 1 })
    expect(await deps.repos.usage.holding(a.team.id, '2026-12', 2, 0)).toMatchObject({ free: true })
    await deps.repos.usageDays.flush()
    expect(await deps.repos.usageDays.since(a.team.id, '2026-12-01')).toEqual([{ day: '2026-12-01', calls: 1 }])
  })

  test("so is an unlimited plan's call, which is never refused", async () => {
    const { deps, clock } = await testDeps({ config: { plans: { open: { monthly_requests: 'unlimited' } } } })
    const { team } = await seedTeam(deps, { plan: 'open' })
    const a = { team, plan: planOf(deps.config, 'open') }
    clock.set('2026-11-30T23:59:59.900Z')
    await deps.repos.usage.rollOver(team.id, '2026-12', 0)
    const call = await charged(deps, a, async () => 'done')
    expect(call.usage).toEqual({ used: 1, limit: null, remaining: null })
  })
})
