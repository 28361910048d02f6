// domain/quota/order.ts on its own: a unit from the monthly quota while any is left, then a credit, held in the hold
// window of its time when the plan is limited (docs/api.md#reserve-and-give-back).
import { describe, expect, test } from 'bun:test'
import { HOLD_WINDOW_MS, holdWindowOf, PAYMENT_ORDER, takeUnit } from '../../../src/domain/quota/order'
import { seedTeam, testDeps } from '../../support/deps'

const MONTH = '2026-11'
const AT = new Date('2026-11-15T12:00:00.000Z')

async function world(credits: number) {
  const { deps } = await testDeps({
    config: { plans: { small: { api_access: true, monthly_requests: 2, platforms: [] } } },
  })
  const { team } = await seedTeam(deps, { plan: 'small', credits })
  await deps.repos.usage.rollOver(team.id, MONTH, 0)
  return { usage: deps.repos.usage, teamId: team.id }
}

describe('taking a unit', () => {
  test('the monthly quota first, then the credits, then nothing', async () => {
    const { usage, teamId } = await world(1)
    const sources = []
    for (let i = 0; i < 4; i++) sources.push((await takeUnit(usage, teamId, MONTH, 2, AT))?.source ?? 'none')
    expect(PAYMENT_ORDER).toEqual(['quota', 'credit'])
    expect(sources).toEqual(['quota', 'quota', 'credit', 'none'])
  })

  test("a limited plan's unit is held in the window of its time; an unlimited quota's is not held", async () => {
    const { usage, teamId } = await world(0)
    const held = await takeUnit(usage, teamId, MONTH, 2, AT)
    expect(held?.window).toBe(holdWindowOf(AT))
    expect(await usage.holding(teamId, MONTH, 2, holdWindowOf(AT))).toEqual({
      free: true,
      held: 1,
      month: MONTH,
      plan: 'small',
    })
    const free = await takeUnit(usage, teamId, MONTH, null, AT)
    expect(free?.window).toBeNull()
  })

  test('hold windows are HOLD_WINDOW_MS long', () => {
    const start = Math.ceil(AT.getTime() / HOLD_WINDOW_MS) * HOLD_WINDOW_MS
    expect(holdWindowOf(new Date(start))).toBe(holdWindowOf(new Date(start + HOLD_WINDOW_MS - 1)))
    expect(holdWindowOf(new Date(start + HOLD_WINDOW_MS))).toBe(holdWindowOf(new Date(start)) + 1)
  })
})

describe('renewing a hold (docs/architecture.md#units-held-by-calls-in-flight)', () => {
  const W = holdWindowOf(AT)
  const at = (window: number) => new Date((window + 0.5) * HOLD_WINDOW_MS)

  test('a renewed hold counts in every later window and settles there; the holds beside it are left as they were', async () => {
    const { usage, teamId } = await world(0)
    const long = (await takeUnit(usage, teamId, MONTH, 2, at(W)))!
    const beside = (await takeUnit(usage, teamId, MONTH, 2, at(W + 1)))!
    const held = async (window: number) => (await usage.holding(teamId, MONTH, 2, window)).held
    expect([await held(W + 1), await held(W + 2), await held(W + 3)]).toEqual([2, 1, 0])

    await usage.renew(long, W + 2)
    expect(long.window).toBe(W + 2)
    expect([await held(W + 2), await held(W + 3), await held(W + 4)]).toEqual([2, 1, 0])
    // Renewing into a window it is already in, or an earlier one, changes nothing.
    await usage.renew(long, W + 1)
    expect(await held(W + 2)).toBe(2)

    await usage.giveBack(long)
    expect(await held(W + 2)).toBe(1)
    expect(await usage.keep(beside)).toBe(true)
    await usage.giveBackAll()
    expect(await held(W + 2)).toBe(0)
    // A settled call's hold is not renewed.
    await usage.renew(long, W + 3)
    expect(await held(W + 3)).toBe(0)
  })
})
