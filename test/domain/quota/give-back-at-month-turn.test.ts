// docs/api.md#reserve-and-give-back: a unit given back returns to where it came from. A call that took a credit just
// before midnight on the 1st and failed just after, once another call had moved the team into the new month (its
// balance topped up to the plan's allowance), gave the credit back on top of that allowance: one credit made.
import { describe, expect, test } from 'bun:test'
import { charged } from '../../../src/domain/quota/charge'
import { planOf } from '../../../src/domain/core/plans'
import { seedTeam, testDeps } from '../../support/deps'

const BEFORE_MIDNIGHT = '2026-11-30T23:59:59.900Z'
const AFTER_MIDNIGHT = '2026-12-01T00:00:00.100Z'

async function world(plan: { monthly_requests: number; monthly_credits?: number }, credits?: number) {
  const { deps, clock } = await testDeps({ config: { plans: { p: plan } } })
  clock.set(BEFORE_MIDNIGHT)
  const { team } = await seedTeam(deps, { plan: 'p', credits })
  const a = { team, plan: planOf(deps.config, 'p') }
  const counters = async () => (await deps.repos.teams.byId(team.id))!
  /** `calls` calls taken in November that fail in December, after a call of December succeeded. */
  async function failAcrossMidnight(calls: number) {
    let turned!: () => void
    const midnight = new Promise<void>((resolve) => {
      turned = resolve
    })
    const failing = Array.from({ length: calls }, () =>
      charged(deps, a, async () => {
        await midnight
        throw new Error('upstream down')
      }).catch((e: Error) => e.message),
    )
    // Every failing call has its unit before the clock turns.
    await new Promise((resolve) => setTimeout(resolve, 50))
    clock.set(AFTER_MIDNIGHT)
    const december = await charged(deps, { ...a, team: await counters() }, async () => 'ok')
    turned()
    expect(await Promise.all(failing)).toEqual(Array(calls).fill('upstream down'))
    return december
  }
  return { deps, a, counters, failAcrossMidnight }
}

describe('a unit given back after the month turned (docs/api.md#reserve-and-give-back)', () => {
  test('a credit of a monthly allowance is not added on top of the new allowance', async () => {
    const w = await world({ monthly_requests: 0, monthly_credits: 100 })
    expect((await w.counters()).credits).toBe(100)
    await w.failAcrossMidnight(1)
    // Had the failed call taken nothing: 100 at the turn, topped up to 100, one spent in December.
    expect(await w.counters()).toMatchObject({ usageMonth: '2026-12', credits: 99, creditUsed: 1 })
  })

  test('units the top-up stood in for are dropped, the rest come back', async () => {
    // 101 credits, three taken in November: 98 at the turn, topped up to 100 (two of them stood in for), so of the
    // three given back two are dropped and one returns: 100 - 1 (December's call) + 1, as if none had been taken.
    const w = await world({ monthly_requests: 0, monthly_credits: 100 }, 101)
    await w.failAcrossMidnight(3)
    expect(await w.counters()).toMatchObject({ usageMonth: '2026-12', credits: 100, creditUsed: 1 })
  })

  test('a bought credit, which no month tops up, comes back to the balance', async () => {
    const w = await world({ monthly_requests: 0 }, 5)
    await w.failAcrossMidnight(1)
    expect(await w.counters()).toMatchObject({ usageMonth: '2026-12', credits: 4, creditUsed: 1 })
  })

  test("a unit of November's quota is gone with November, not added to December's", async () => {
    const w = await world({ monthly_requests: 3 })
    const december = await w.failAcrossMidnight(2)
    expect(december.usage).toMatchObject({ used: 1, remaining: 2 })
    expect(await w.counters()).toMatchObject({ usageMonth: '2026-12', quotaUsed: 1, credits: 0 })
  })
})
